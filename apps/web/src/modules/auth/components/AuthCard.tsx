import '../auth.css';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo.tsx';

/**
 * The card every logged-out screen sits in: logo, title, subtitle, content. Drawn from the skin's tokens rather
 * than antd's Card and Typography, which would bring tabs and text measuring (30 KB) to the login page.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="auth-page">
      <section
        className="auth-card"
        style={{
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
        }}
      >
        <div className="auth-card__brand">
          <BrandLogo variant="full" />
        </div>
        <h1 className="auth-card__title" style={{ color: token.colorTextHeading }}>
          {title}
        </h1>
        {subtitle && <p style={{ color: token.colorTextSecondary }}>{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
