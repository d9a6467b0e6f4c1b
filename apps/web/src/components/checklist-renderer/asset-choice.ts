import type { AssetValue } from '@vigil/checklist';
import { createContext, useContext } from 'react';

/**
 * The asset the inspection's asset question holds, for asset_field questions: those read its fields,
 * and the evaluator knows no link between the two, so the asset comes through this context (which
 * re-renders only its readers when the asset changes).
 */
export const AssetChoiceContext = createContext<AssetValue | null>(null);

export function useAssetChoice(): AssetValue | null {
  return useContext(AssetChoiceContext);
}
