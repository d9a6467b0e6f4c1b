import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/session.ts';
import { renderWithSession } from '../test/render.tsx';
import { FeatureGate } from './FeatureGate.tsx';
import { useRequireFeature } from './useRequireFeature.tsx';

describe('FeatureGate', () => {
  it('renders its children when the plan has the feature', async () => {
    await renderWithSession(<FeatureGate feature="ckl_rule">rules editor</FeatureGate>, makeSession({ plan: 'standard' }));
    expect(screen.getByText('rules editor')).toBeTruthy();
  });

  it('shows the upgrade prompt naming the feature, its plan and the trial otherwise', async () => {
    await renderWithSession(<FeatureGate feature="ana_reports">charts</FeatureGate>, makeSession({ plan: 'premium' }));
    expect(screen.queryByText('charts')).toBeNull();
    expect(screen.getByText('Inspection analytics is available on the Enterprise plan and above.')).toBeTruthy();
    expect(screen.getByText('Try it free for 14 days. You can cancel at any time.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/workspace/settings/plans');
  });
});

function MarkerButton({ onAllowed }: { onAllowed: () => void }) {
  const requireFeature = useRequireFeature();
  return <Button onClick={() => requireFeature('ckl_image_marker', onAllowed)}>Add image marker</Button>;
}

describe('useRequireFeature', () => {
  it('runs the action when the plan has the feature', async () => {
    const onAllowed = vi.fn();
    await renderWithSession(<MarkerButton onAllowed={onAllowed} />, makeSession({ plan: 'standard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add image marker' }));
    expect(onAllowed).toHaveBeenCalledOnce();
  });

  it('opens the unavailable-feature dialog, whose try-for-free goes to the plans page', async () => {
    const onAllowed = vi.fn();
    const { router } = await renderWithSession(<MarkerButton onAllowed={onAllowed} />, makeSession({ plan: 'free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add image marker' }));
    expect(await screen.findByText('Image markers is available on the Standard plan and above.')).toBeTruthy();
    expect(onAllowed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try for free' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/workspace/settings/plans'));
  });
});
