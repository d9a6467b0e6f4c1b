import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's heading (the page's one h1) with its main actions on the other side, wrapping on narrow screens. */
export function PageHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        {title}
      </Typography.Title>
      {children}
    </Space>
  );
}
