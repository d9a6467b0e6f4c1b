import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd Layout's look (the skin's page background and text colour, a full-height column) for the screens
 * without the side menu. antd's `Layout` brings its Sider along (and with it about 3 KB compressed), which
 * these screens, the login page first, never show.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="plain-layout full-height" style={{ background: token.colorBgLayout, color: token.colorText }}>
      {children}
    </div>
  );
}
