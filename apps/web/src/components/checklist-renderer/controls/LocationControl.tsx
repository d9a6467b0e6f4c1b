import { AimOutlined } from '@ant-design/icons';
import { LocationValueSchema, type LocationValue } from '@vigil/checklist';
import { Typography } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { GrowingTextArea, PlainButton } from '../PlainControls.tsx';
import { typedNumber } from './typed-number.ts';

interface Draft {
  latitude: number | null;
  longitude: number | null;
  address: string;
  accuracy: number | null;
}

function draftOf(value: unknown): Draft {
  const parsed = LocationValueSchema.safeParse(value);
  const location: LocationValue = parsed.success ? parsed.data : {};
  return {
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    address: location.address ?? '',
    accuracy: location.accuracy ?? null,
  };
}

/** The answer a draft makes: both coordinates, an address, or both; null when empty; undefined when incomplete. */
export function locationOf(draft: Draft): LocationValue | null | undefined {
  const hasLatitude = draft.latitude !== null;
  const hasLongitude = draft.longitude !== null;
  const address = draft.address.trim();
  if (!hasLatitude && !hasLongitude && !address) return null;
  if (hasLatitude !== hasLongitude) return undefined;
  const value: LocationValue = {
    ...(hasLatitude ? { latitude: draft.latitude, longitude: draft.longitude } : {}),
    ...(hasLatitude && draft.accuracy !== null ? { accuracy: draft.accuracy } : {}),
    ...(address ? { address } : {}),
  };
  return LocationValueSchema.safeParse(value).success ? value : undefined;
}

type Locating = 'idle' | 'busy' | 'denied' | 'failed';

/** A coordinate typed: a half-typed one ("-", "1e") changes nothing yet. */
function typed(event: ChangeEvent<HTMLInputElement>, set: (value: number | null) => void): void {
  const value = typedNumber(event.target);
  if (value !== undefined) set(value);
}

/**
 * The inspection's location: the device's position (GPS, with its accuracy in metres) at a tap, or
 * latitude and longitude typed, and an address; no map service is called. A half-typed position is
 * not sent: the answer changes once both coordinates, or an address, are there.
 */
export function LocationControl({ labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t, i18n } = useTranslation('checklist-renderer');
  const ids = { latitude: useId(), longitude: useId(), address: useId() };
  const [draft, setDraft] = useState(() => draftOf(value));
  const [shown, setShown] = useState(value);
  const [locating, setLocating] = useState<Locating>('idle');
  // A value from elsewhere (a rule, another device) replaces the draft.
  if (shown !== value) {
    setShown(value);
    const next = draftOf(value);
    if (JSON.stringify(locationOf(next) ?? null) !== JSON.stringify(locationOf(draft) ?? null)) setDraft(next);
  }
  const latest = useRef(draft);
  latest.current = draft;
  const incomplete = locationOf(draft) === undefined;

  const edit = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    // A typed coordinate has no device accuracy.
    if ('latitude' in patch || 'longitude' in patch) next.accuracy = null;
    setDraft(next);
    const answer = locationOf(next);
    if (answer !== undefined) onChange(answer);
  };

  const locate = () => {
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        const round = (n: number) => Math.round(n * 1e6) / 1e6;
        const next = {
          ...latest.current,
          latitude: round(position.coords.latitude),
          longitude: round(position.coords.longitude),
          accuracy: Math.round(position.coords.accuracy),
        };
        setDraft(next);
        const answer = locationOf(next);
        if (answer !== undefined) onChange(answer);
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const off = disabled || readOnly;
  const hasGps = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  return (
    <div className="checklist-location" role="group" aria-labelledby={labelId}>
      {!off && hasGps && (
        <PlainButton icon={<AimOutlined aria-hidden />} loading={locating === 'busy'} onClick={locate}>
          {t('location.use_device')}
        </PlainButton>
      )}
      {locating === 'denied' && <Typography.Text type="warning">{t('location.denied')}</Typography.Text>}
      {locating === 'failed' && <Typography.Text type="warning">{t('location.failed')}</Typography.Text>}
      {draft.accuracy !== null && draft.latitude !== null && (
        <Typography.Text type="secondary" data-testid="checklist-location-accuracy">
          {t('location.accuracy', { metres: number.format(draft.accuracy) })}
        </Typography.Text>
      )}
      <div className="checklist-location-fields">
        <div>
          <label htmlFor={ids.latitude} className="checklist-field-label">
            {t('location.latitude')}
          </label>
          <input
            id={ids.latitude}
            className="checklist-input"
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            disabled={off}
            value={draft.latitude ?? ''}
            onChange={(event) => typed(event, (value) => edit({ latitude: value }))}
          />
        </div>
        <div>
          <label htmlFor={ids.longitude} className="checklist-field-label">
            {t('location.longitude')}
          </label>
          <input
            id={ids.longitude}
            className="checklist-input"
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            disabled={off}
            value={draft.longitude ?? ''}
            onChange={(event) => typed(event, (value) => edit({ longitude: value }))}
          />
        </div>
      </div>
      <label htmlFor={ids.address} className="checklist-field-label">
        {t('location.address')}
      </label>
      <GrowingTextArea
        id={ids.address}
        minRows={1}
        maxRows={4}
        autoComplete="street-address"
        disabled={off}
        value={draft.address}
        onChange={(event) => edit({ address: event.target.value })}
      />
      {incomplete && !off && (
        <Typography.Text type="warning" role="alert">
          {t('location.incomplete')}
        </Typography.Text>
      )}
    </div>
  );
}
