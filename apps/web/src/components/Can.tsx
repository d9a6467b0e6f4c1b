import type { PermissionRequirement } from '@vigil/contracts';
import { Tooltip } from 'antd';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canAny, useAppAbility } from '../lib/permissions.ts';

interface CanProps {
  /** Permission codes: an array or a `|`-separated list; any one suffices. */
  I: PermissionRequirement;
  children: ReactNode;
  /** Without the permission, show the child disabled with the no-permission tooltip instead of hiding it. */
  disabledFallback?: boolean;
}

export function Can({ I, children, disabledFallback = false }: CanProps) {
  const ability = useAppAbility();
  const { t } = useTranslation('common');
  if (canAny(ability, I)) return children;
  if (!disabledFallback || !isValidElement<{ disabled?: boolean }>(children)) return null;
  return (
    <Tooltip title={t('permission_denied')} trigger={['hover', 'focus']}>
      <span className="can-disabled" tabIndex={0}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}
