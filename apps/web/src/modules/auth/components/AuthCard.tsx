import '../auth.css';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo.tsx';

/** The card every logged-out screen sits in: logo, title, subtitle, content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <div className="auth-card__brand">
          <BrandLogo variant="full" />
        </div>
        <Typography.Title level={1} className="auth-card__title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </div>
  );
}
