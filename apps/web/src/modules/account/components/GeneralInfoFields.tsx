import { BIRTH_DATE_MIN, ChangeBasicInfoBodySchema, GENDERS, latestBirthDate } from '@vigil/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../lib/schema-rule.ts';

export const BIRTH_DATE_FORMAT = 'YYYY-MM-DD';

const isOutsideBirthRange = (day: Dayjs) => {
  const value = day.format(BIRTH_DATE_FORMAT);
  return value < BIRTH_DATE_MIN || value > latestBirthDate();
};

/** General info of the basic info form (issue 3): gender, birth date and mobile, all optional. */
export function GeneralInfoFields() {
  const { t } = useTranslation(['account', 'common']);
  return (
    <>
      <Form.Item name="gender" label={t('basic.gender')}>
        <Select allowClear options={GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))} />
      </Form.Item>
      <Form.Item
        name="birth_date"
        label={t('basic.birth_date')}
        rules={[
          {
            validator: (_rule, value?: Dayjs | null) =>
              !value || !isOutsideBirthRange(value) ? Promise.resolve() : Promise.reject(new Error(t('common:validation.birth_date'))),
          },
        ]}
      >
        <DatePicker
          format={BIRTH_DATE_FORMAT}
          disabledDate={isOutsideBirthRange}
          style={{ width: '100%' }}
          placeholder={BIRTH_DATE_FORMAT}
        />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('basic.mobile')}
        extra={t('basic.mobile_hint')}
        rules={[schemaRule(ChangeBasicInfoBodySchema.shape.mobile, t)]}
      >
        <Input type="tel" autoComplete="tel" dir="ltr" placeholder="+49 151 2345 6789" />
      </Form.Item>
    </>
  );
}
