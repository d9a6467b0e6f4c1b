import { Grid } from 'antd';

/** True below antd's md breakpoint (768 px): a phone, where menus become drawers and toolbars collapse. */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
