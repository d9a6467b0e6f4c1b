import { EnvironmentOutlined } from '@ant-design/icons';
import type { LocationValue } from '@vigil/checklist';
import { useTranslation } from 'react-i18next';
import type { DateFormatter } from '../../../../lib/dates.ts';
import { locationText } from './answer-values.ts';

/** A map of the world's streets that opens at the coordinates: a plain link, nothing is loaded from it here. */
const mapLink = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;

/** Where the inspection was: coordinates with their accuracy, the address, and a link to a map (not printed). */
export function LocationView({ location, dates, print }: { location: LocationValue; dates: DateFormatter; print: boolean }) {
  const { t } = useTranslation('inspections');
  const hasPoint = location.latitude != null && location.longitude != null;
  return (
    <div className="report-location" data-testid="report-location">
      <EnvironmentOutlined aria-hidden /> <span>{locationText(location, { t, dates })}</span>
      {hasPoint && !print ? (
        <>
          {' '}
          <a href={mapLink(location.latitude!, location.longitude!)} target="_blank" rel="noopener noreferrer">
            {t('report.open_map')}
          </a>
        </>
      ) : null}
    </div>
  );
}
