import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FREE_TRIAL_DAYS, planRank, type Plan, type StartTrialBody } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from './ConfirmDialog.tsx';
import { api, everyAnswerOf } from '../lib/api.ts';
import { canAny, useAppAbility } from '../lib/permissions.ts';
import { authKeys, useSession } from '../lib/session.ts';

/** A plan that can be tried: any but the free one. */
type TrialPlan = StartTrialBody['plan'];

/** Starting or ending a trial changes the session's features: both are reloaded at once. */
function useTrialMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: everyAnswerOf('GET /api/settings/organization/plans') }),
        queryClient.invalidateQueries({ queryKey: authKeys.session }),
      ]),
  });
}

/**
 * "Try for free": whether this person may start the workspace's one trial of `plan` (an
 * administrator, no trial used yet, a plan above the paid one), and the confirmed start.
 */
export function useFreeTrial() {
  const { t } = useTranslation(['plans', 'common']);
  const workspace = useSession()?.workspace;
  const canEdit = canAny(useAppAbility(), 'APP_EDIT_SETTINGS');
  const confirm = useConfirmDialog();
  const start = useTrialMutation((plan: TrialPlan) => api('POST /api/settings/organization/plans/trial', { body: { plan } }));
  const cancel = useTrialMutation(() => api('DELETE /api/settings/organization/plans/trial', {}));
  const used = Boolean(workspace?.trial_ends_at);

  return {
    canEdit,
    used,
    /** Whether `plan` can be tried now: a plan above the current one, hence never the free plan. */
    canStart: (plan: Plan): plan is TrialPlan => canEdit && !used && workspace !== undefined && planRank(plan) > planRank(workspace.plan),
    start: (plan: TrialPlan) =>
      confirm({
        title: t('trial.confirm_start', { count: FREE_TRIAL_DAYS, plan: t(`common:plans.${plan}`) }),
        okText: t('card.try_free'),
        onConfirm: () => start.mutateAsync(plan),
      }),
    cancel: (plan: Plan) =>
      confirm({
        title: t('trial.confirm_cancel', { plan: t(`common:plans.${plan}`), current: t(`common:plans.${workspace?.plan ?? 'free'}`) }),
        danger: true,
        onConfirm: () => cancel.mutateAsync(undefined),
      }),
  };
}
