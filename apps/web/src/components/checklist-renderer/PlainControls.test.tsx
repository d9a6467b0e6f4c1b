import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrowingTextArea, PlainButton } from './PlainControls.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlainButton', () => {
  it('is a button that takes no click while loading, and says it is busy', () => {
    const click = vi.fn();
    const { rerender } = render(<PlainButton onClick={click}>Use my location</PlainButton>);
    const button = screen.getByRole('button', { name: 'Use my location' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    rerender(
      <PlainButton onClick={click} loading>
        Use my location
      </PlainButton>,
    );
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
  });
});

function Note() {
  const [text, setText] = useState('');
  return <GrowingTextArea aria-label="Note" minRows={2} value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('GrowingTextArea', () => {
  it('grows with its text by itself where the browser sizes fields to their content', () => {
    vi.stubGlobal('CSS', { supports: (property: string, value: string) => property === 'field-sizing' && value === 'content' });
    render(<Note />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Note');
    fireEvent.change(area, { target: { value: 'one\ntwo\nthree' } });
    expect(area.style.height).toBe('');
    expect(area.style.getPropertyValue('--checklist-min-rows')).toBe('2');
  });

  it('is sized to its text as it is typed into where the browser does not do it', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const scrollHeight = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockReturnValue(54);
    render(<Note />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Note');
    area.style.border = '1px solid';
    scrollHeight.mockReturnValue(98);
    fireEvent.change(area, { target: { value: 'one\ntwo\nthree\nfour' } });
    expect(area.style.height).toBe('100px');
  });
});
