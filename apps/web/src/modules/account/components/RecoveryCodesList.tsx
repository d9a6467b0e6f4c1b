import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

/** Recovery codes, shown once: to copy or download before the dialog closes. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'vigil-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert type="warning" showIcon title={t('two_factor.recovery_once')} style={{ marginBottom: 16 }} />
      <ul className="recovery-codes" aria-label={t('two_factor.recovery_codes')}>
        {codes.map((code) => (
          <li key={code}>
            <code dir="ltr">{code}</code>
          </li>
        ))}
      </ul>
      <Space>
        <Button
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void navigator.clipboard?.writeText(text).then(() => showToast('success', t('two_factor.copied')))}
        >
          {t('two_factor.copy')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {t('two_factor.download')}
        </Button>
      </Space>
    </div>
  );
}
