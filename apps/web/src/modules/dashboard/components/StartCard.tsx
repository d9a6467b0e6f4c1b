import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StartCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  link: string;
  to: string;
}

export function StartCard({ icon, title, text, link, to }: StartCardProps) {
  return (
    <Card className="start-card">
      <span className="start-card__icon" aria-hidden>
        {icon}
      </span>
      <Typography.Title level={2} className="start-card__title">
        {title}
      </Typography.Title>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <Link to={to}>{link}</Link>
    </Card>
  );
}
