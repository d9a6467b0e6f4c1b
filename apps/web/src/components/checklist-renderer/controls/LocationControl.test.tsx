import { fireEvent, within } from '@testing-library/react';
import { checkAnswerValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';

const doc: TemplateDocument = buildDocument([
  { id: 'start', type: 'start_page', children: [{ id: 'where', type: 'inspection_location', title: 'Where' }] },
]);
const item = doc.items.find((entry) => entry.id === 'where')!;

describe('LocationControl', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('answers typed coordinates only once both are there, and an address alone', async () => {
    const recorder = await renderChecklist(doc);
    const where = within(itemElement('where'));
    fireEvent.change(where.getByLabelText('Latitude'), { target: { value: '48.8566' } });
    expect(recorder.values).toEqual([]);
    expect(where.getByRole('alert').textContent).toBe('Enter both latitude and longitude, or an address');
    fireEvent.change(where.getByLabelText('Longitude'), { target: { value: '2.3522' } });
    expect(lastValue(recorder, 'where')).toEqual({ latitude: 48.8566, longitude: 2.3522 });
    expect(checkAnswerValue(doc, item, lastValue(recorder, 'where'))).toBeNull();
    fireEvent.change(where.getByLabelText('Address'), { target: { value: '1 Rue de Rivoli' } });
    expect(lastValue(recorder, 'where')).toEqual({ latitude: 48.8566, longitude: 2.3522, address: '1 Rue de Rivoli' });
    fireEvent.change(where.getByLabelText('Latitude'), { target: { value: '' } });
    fireEvent.change(where.getByLabelText('Longitude'), { target: { value: '' } });
    expect(lastValue(recorder, 'where')).toEqual({ address: '1 Rue de Rivoli' });
    expect(checkAnswerValue(doc, item, lastValue(recorder, 'where'))).toBeNull();
  });

  it("takes the device's position with its accuracy", async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 52.52001234, longitude: 13.40495, accuracy: 12.4 } } as GeolocationPosition),
      },
    });
    const recorder = await renderChecklist(doc);
    const where = within(itemElement('where'));
    fireEvent.click(where.getByRole('button', { name: 'Use my location' }));
    expect(lastValue(recorder, 'where')).toEqual({ latitude: 52.520012, longitude: 13.40495, accuracy: 12 });
    expect(checkAnswerValue(doc, item, lastValue(recorder, 'where'))).toBeNull();
    expect(where.getByTestId('checklist-location-accuracy').textContent).toBe('Accurate to 12 m');
  });

  it('says so when the position is refused', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
          failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
      },
    });
    await renderChecklist(doc);
    const where = within(itemElement('where'));
    fireEvent.click(where.getByRole('button', { name: 'Use my location' }));
    expect(where.getByText('Location access was refused. Type the position or the address.')).toBeTruthy();
  });
});
