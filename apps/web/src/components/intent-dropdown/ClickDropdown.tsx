import { Dropdown, type DropdownProps } from 'antd';

/** antd's click dropdown, open state held by the caller; loaded by `IntentDropdown` when first wanted. */
export function ClickDropdown(props: Pick<DropdownProps, 'menu' | 'open' | 'onOpenChange' | 'children'>) {
  return <Dropdown trigger={['click']} {...props} />;
}
