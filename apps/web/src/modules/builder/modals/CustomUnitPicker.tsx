import { App, Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCustomUnit, useCustomUnits } from './custom-units-api.ts';

/** A custom unit as the template document keeps it (the workspace unit's id as its uuid). */
export interface PickedUnit {
  uuid: string;
  name: string;
  symbol: string;
}

/** Picks one of the workspace's custom units, or creates one (`POST /api/checklist/custom-units/new`). */
export function CustomUnitPicker({ value, onChange }: { value: PickedUnit | null; onChange: (unit: PickedUnit | null) => void }) {
  const { t } = useTranslation('builder-modals');
  const { message } = App.useApp();
  const units = useCustomUnits(true);
  const create = useCreateCustomUnit();
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const known = units.data ?? [];
  const options: PickedUnit[] = known.map((unit) => ({ uuid: unit.id, name: unit.name, symbol: unit.symbol }));
  if (value && !options.some((unit) => unit.uuid === value.uuid)) options.push(value);

  const add = async () => {
    const created = await create.mutateAsync({ name: name.trim(), symbol: symbol.trim() });
    onChange({ uuid: created.id, name: created.name, symbol: created.symbol });
    setName('');
    setSymbol('');
    void message.success(t('calculation.unit_added'));
  };

  return (
    <>
      <Form.Item label={t('calculation.custom_unit')} htmlFor="calculation-custom-unit">
        <Select
          id="calculation-custom-unit"
          allowClear
          loading={units.isLoading}
          placeholder={t('calculation.no_unit')}
          value={value?.uuid}
          options={options.map((unit) => ({ value: unit.uuid, label: `${unit.name} (${unit.symbol})` }))}
          onChange={(uuid?: string) => onChange(options.find((unit) => unit.uuid === uuid) ?? null)}
        />
      </Form.Item>
      <Form.Item label={t('calculation.new_unit')}>
        <Space.Compact>
          <Input
            aria-label={t('calculation.unit_name')}
            placeholder={t('calculation.unit_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Input
            aria-label={t('calculation.unit_symbol')}
            placeholder={t('calculation.unit_symbol')}
            value={symbol}
            onChange={(event) => setSymbol(event.target.value)}
          />
          <Button
            loading={create.isPending}
            disabled={name.trim() === '' || symbol.trim() === ''}
            onClick={() => void add().catch(() => undefined)}
          >
            {t('calculation.add_unit')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
