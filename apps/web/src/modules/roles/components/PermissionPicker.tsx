import { PERMISSION_GROUPS, type PermissionGroup } from '@vigil/contracts';
import { Card, Checkbox, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** Every permission code, grouped by module, each with its translated description (a form control). */
export function PermissionPicker({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation('roles');
  const chosen = new Set(value);
  const toggle = (codes: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const code of codes)
      if (on) next.add(code);
      else next.delete(code);
    onChange?.([...next].sort());
  };
  return (
    <Row gutter={[12, 12]}>
      {(Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly string[]][]).map(([group, codes]) => {
        const held = codes.filter((code) => chosen.has(code)).length;
        return (
          <Col xs={24} md={12} key={group}>
            <Card
              size="small"
              title={
                <Checkbox
                  checked={held === codes.length}
                  indeterminate={held > 0 && held < codes.length}
                  disabled={disabled}
                  onChange={(event) => toggle(codes, event.target.checked)}
                >
                  {t(`groups.${group}`)}
                </Checkbox>
              }
              extra={<Typography.Text type="secondary">{t('form.count', { count: held, total: codes.length })}</Typography.Text>}
            >
              {codes.map((code) => (
                <div key={code}>
                  <Checkbox checked={chosen.has(code)} disabled={disabled} onChange={(event) => toggle([code], event.target.checked)}>
                    {t(`permissions.${code}`)}
                  </Checkbox>
                </div>
              ))}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
