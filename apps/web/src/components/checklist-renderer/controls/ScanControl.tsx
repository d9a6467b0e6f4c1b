import { ScanOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { LazyScannerDialog } from '../scan/LazyScannerDialog.tsx';

/** A QR code or barcode question: the code scanned with the camera or typed; the answer is its text. */
export function ScanControl({ item, labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const purpose = item.type === 'qr' ? 'qr' : 'barcode';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-labelledby={labelId} disabled={disabled} value={text} onChange={(event) => onChange(event.target.value)} />
        {!disabled && !readOnly && (
          <Button icon={<ScanOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('scan.scan')}
          </Button>
        )}
      </Space.Compact>
      <LazyScannerDialog
        open={open}
        purpose={purpose}
        title={purpose === 'qr' ? t('scan.title_qr') : t('scan.title_barcode')}
        onClose={() => setOpen(false)}
        onCode={(code) => {
          onChange(code);
          return null;
        }}
      />
    </>
  );
}
