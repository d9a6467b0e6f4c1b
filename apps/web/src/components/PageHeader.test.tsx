import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader.tsx';

describe('PageHeader', () => {
  it("shows the screen's title as its heading and the actions beside it", () => {
    render(
      <PageHeader title="Groups">
        <Button>Add group</Button>
      </PageHeader>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Groups' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add group' })).toBeTruthy();
  });
});
