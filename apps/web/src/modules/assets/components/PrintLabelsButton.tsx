import { QrcodeOutlined } from '@ant-design/icons';
import type { AssetBulk } from '@vigil/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../lib/api.ts';

/** Downloads the PDF sheet of QR labels of a selection of assets (by ids, or by the list's filter). */
export function printAssetLabels(selection: AssetBulk): Promise<void> {
  return downloadFile('POST /api/assets/labels', { body: selection }, 'asset-labels.pdf');
}

/** The list's bulk action "Print QR labels". */
export function PrintLabelsButton({ selection }: { selection: AssetBulk }) {
  const { t } = useTranslation('assets');
  const [busy, setBusy] = useState(false);
  const print = () => {
    setBusy(true);
    printAssetLabels(selection)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button size="small" icon={<QrcodeOutlined aria-hidden />} loading={busy} onClick={print}>
      {t('labels.print')}
    </Button>
  );
}
