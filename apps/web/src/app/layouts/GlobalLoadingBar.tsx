import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useInFlightCount } from '../../lib/loading.ts';

/** A thin bar at the top while API calls are in flight or a route is loading (spec 1 §9). */
export function GlobalLoadingBar() {
  const { t } = useTranslation('common');
  const inFlight = useInFlightCount();
  const navigation = useNavigation();
  const { token } = theme.useToken();
  const active = inFlight > 0 || navigation.state !== 'idle';
  return (
    <div
      className="global-loading"
      data-testid="global-loading"
      data-active={active}
      role="progressbar"
      aria-label={t('loading')}
      hidden={!active}
      style={{ background: token.colorPrimary }}
    />
  );
}
