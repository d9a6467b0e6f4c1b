import {
  DATE_FORMAT,
  DATE_PICKER_MIN_YEAR,
  datePresetRange,
  isDateRangePreset,
  type DateRangePreset,
  type FilterEntry,
  type NormalizedFilter,
} from '@vigil/contracts';
import { DatePicker, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The quick ranges a date filter offers unless it names others (spec 3 §9). */
export const DEFAULT_DATE_PRESETS: readonly DateRangePreset[] = ['today', 'yesterday', 'last_7_days'];

export const isBeforeMinimumDate = (date: Dayjs) => date.year() < DATE_PICKER_MIN_YEAR;

interface Props {
  label: string;
  presets: readonly DateRangePreset[];
  value: NormalizedFilter;
  onChange: (entry: FilterEntry) => void;
}

/**
 * A from-to date filter. A quick range is kept as its name (`period`), not as its days, so a saved
 * "last 7 days" still means the last seven days tomorrow; the picker shows the days it covers today.
 * Days picked by hand that are exactly a quick range's days are taken as that range.
 */
export function DateRangeFilter({ label, presets, value, onChange }: Props) {
  const { t } = useTranslation('table');
  const today = dayjs().format(DATE_FORMAT);
  const period = value.operator === 'period' && isDateRangePreset(value.values[0]) ? value.values[0] : null;
  const [from, to] = period ? datePresetRange(period, today) : [value.values[0], value.values[1]];

  const choose = (range: [string, string]) => {
    const named = presets.find((preset) => datePresetRange(preset, today).join() === range.join());
    onChange(named ? { operator: 'period', value: named } : { operator: 'between', value: range });
  };

  return (
    <Space orientation="vertical" size={2}>
      <DatePicker.RangePicker
        aria-label={label}
        allowEmpty={[true, true]}
        format={DATE_FORMAT}
        disabledDate={isBeforeMinimumDate}
        minDate={dayjs(`${DATE_PICKER_MIN_YEAR}-01-01`)}
        presets={presets.map((preset) => ({
          label: t(`presets.${preset}`),
          value: () => datePresetRange(preset, today).map((day) => dayjs(day)) as [Dayjs, Dayjs],
        }))}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) => choose([range?.[0]?.format(DATE_FORMAT) ?? '', range?.[1]?.format(DATE_FORMAT) ?? ''])}
      />
      {period && <Typography.Text type="secondary">{t('presets.relative', { period: t(`presets.${period}`) })}</Typography.Text>}
    </Space>
  );
}
