import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { canAny, useAppAbility } from '../../../lib/permissions.ts';
import { inspectionPath, useCreateInspection } from '../api.ts';
import { AssetChoiceModal } from './AssetChoiceModal.tsx';

/** What starting a template needs to know of it (a startable template, or a row of the templates list). */
export interface TemplateToStart {
  id: string;
  title: string;
  /** Whether it asks for the asset inspected. */
  contains_asset: boolean;
}

export interface StartInspection {
  /** Starts the template and opens the new inspection; a template asking for an asset asks which first. */
  start: (template: TemplateToStart) => void;
  /** The template being started, while its inspection is created. */
  startingId: string | null;
  /** The asset dialog, to render where the caller renders. */
  dialog: ReactNode;
}

/** Starting an inspection from a template, wherever a template is shown. */
export function useStartInspection(): StartInspection {
  const navigate = useNavigate();
  const ability = useAppAbility();
  const create = useCreateInspection();
  const [choosing, setChoosing] = useState<TemplateToStart | null>(null);
  const [startingId, setStartingId] = useState<string | null>(null);
  const canChooseAsset = canAny(ability, ['SST_VIEW_ASSET', 'SST_MANAGE_ASSET']);

  const createFor = (templateId: string, assetId?: string, prefill = false) => {
    setStartingId(templateId);
    create.mutate(
      { template_id: templateId, ...(assetId ? { asset_id: assetId } : {}), ...(assetId && prefill ? { prefill: true } : {}) },
      {
        onSuccess: (inspection) => void navigate(inspectionPath(inspection.id)),
        // The client has shown the refusal; the user may try again.
        onSettled: () => setStartingId(null),
      },
    );
  };
  const start = (template: TemplateToStart) => {
    if (template.contains_asset && canChooseAsset) setChoosing(template);
    else createFor(template.id);
  };
  const dialog = choosing ? (
    <AssetChoiceModal
      template={choosing}
      starting={startingId === choosing.id}
      onStart={(assetId, prefill) => createFor(choosing.id, assetId, prefill)}
      onClose={() => setChoosing(null)}
    />
  ) : null;
  return { start, startingId, dialog };
}
