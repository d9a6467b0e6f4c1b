import { CheckOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Under a carried-over answer's question: it came from the last inspection, until the inspector confirms it as it is or changes it. */
export function CarriedOverBadge({ title, onConfirm }: { title: string; onConfirm: () => void }) {
  const { t } = useTranslation('inspections');
  return (
    <Space size={8} wrap className="inspection-carried" data-testid="carried-over">
      <Tag icon={<HistoryOutlined aria-hidden />} color="#0958d9">
        {t('carried.badge')}
      </Tag>
      <Button size="small" icon={<CheckOutlined aria-hidden />} onClick={onConfirm} aria-label={t('carried.confirm_named', { title })}>
        {t('carried.confirm')}
      </Button>
    </Space>
  );
}
