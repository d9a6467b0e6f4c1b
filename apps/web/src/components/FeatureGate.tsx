import type { PlanFeature } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session.ts';
import { UpgradePrompt } from './UpgradePrompt.tsx';

export function useHasFeature(feature: PlanFeature): boolean {
  return useSession()?.features[feature] === true;
}

/** Renders its children when the workspace's plan has the feature, else the upgrade prompt. */
export function FeatureGate({ feature, children }: { feature: PlanFeature; children: ReactNode }) {
  return useHasFeature(feature) ? children : <UpgradePrompt feature={feature} />;
}
