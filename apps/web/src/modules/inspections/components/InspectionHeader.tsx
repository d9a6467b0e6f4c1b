import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import type { InspectionDetail } from '@vigil/contracts';
import { Button, theme, Typography } from 'antd';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../app/header/LanguageSwitcher.tsx';
import { SkinSwitcher } from '../../../app/header/SkinSwitcher.tsx';
import type { SaveState } from '../session/answer-saver.ts';
import { InspectionStatusTag } from './InspectionStatusTag.tsx';
import { SaveStatus } from './SaveStatus.tsx';

interface Props {
  inspection: InspectionDetail;
  /** Where "back" goes: the list when the user may open it, else home (a completed inspection's report). */
  backTo: string;
  /** What "back" says, when it does not go to the inspections. */
  backLabel?: string;
  /** Null when the inspection is read-only: nothing is saved and it cannot be finished here. */
  saveState: SaveState | null;
  onFinish?: () => void;
  finishing: boolean;
}

/**
 * The inspection screen's header: back, its title and number, its status, what happened to the answers,
 * and Finish. Only the save state changes as the inspector answers: the rest is memoised apart from it.
 */
export const InspectionHeader = memo(function InspectionHeader({ inspection, backTo, backLabel, saveState, onFinish, finishing }: Props) {
  const { token } = theme.useToken();
  return (
    <header
      className="inspection-header"
      style={
        {
          background: token.colorBgContainer,
          borderColor: token.colorBorderSecondary,
          '--inspection-text-secondary': token.colorTextSecondary,
          '--inspection-warning': token.colorWarning,
          '--inspection-error': token.colorError,
        } as CSSProperties
      }
    >
      <HeaderTop
        title={inspection.title}
        number={inspection.number}
        backTo={backTo}
        backLabel={backLabel}
        onFinish={onFinish}
        finishing={finishing}
      />
      <div className="inspection-header-row">
        <InspectionStatusTag status={inspection.status} />
        {saveState ? <SaveStatus state={saveState} /> : null}
        <HeaderSwitches />
      </div>
    </header>
  );
});

interface TopProps extends Pick<Props, 'backTo' | 'backLabel' | 'onFinish' | 'finishing'> {
  title: string;
  number: number;
}

const HeaderTop = memo(function HeaderTop({ title, number, backTo, backLabel, onFinish, finishing }: TopProps) {
  const { t } = useTranslation('inspections');
  return (
    <div className="inspection-header-row">
      <Link to={backTo} aria-label={backLabel ?? t('screen.back')} className="inspection-back">
        <ArrowLeftOutlined aria-hidden />
      </Link>
      <div className="inspection-heading">
        {/* Cut by CSS, the whole title on hover: antd's measured ellipsis observes and measures it on every render. */}
        <Typography.Title level={1} className="inspection-title" title={title}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary" className="inspection-number">
          {t('number', { number })}
        </Typography.Text>
      </div>
      {onFinish ? (
        <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={finishing} onClick={onFinish}>
          {t('screen.finish')}
        </Button>
      ) : null}
    </div>
  );
});

const HeaderSwitches = memo(function HeaderSwitches() {
  return (
    <span className="inspection-header-switches">
      <LanguageSwitcher />
      <SkinSwitcher />
    </span>
  );
});
