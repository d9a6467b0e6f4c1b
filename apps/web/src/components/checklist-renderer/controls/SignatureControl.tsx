import { EditOutlined } from '@ant-design/icons';
import { SignatureValueSchema, type SignatureValue } from '@vigil/checklist';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { SignatureDialog } from '../media/SignatureDialog.tsx';
import { NeedsInspection } from './NeedsInspection.tsx';

function SignatureShown({ signature }: { signature: SignatureValue }) {
  const { t, i18n } = useTranslation('checklist-renderer');
  const when = signature.signed_at ? new Date(signature.signed_at) : null;
  return (
    <figure className="checklist-signature" data-testid="checklist-signature">
      <img src={signature.file.url} alt={t('signature.image', { name: signature.name })} />
      <figcaption>
        {t('signature.signed_by', { name: signature.name })}
        {when &&
          !Number.isNaN(when.getTime()) &&
          ` · ${new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}`}
      </figcaption>
    </figure>
  );
}

/** A signature (or the deprecated end signature): drawn and named in a dialog, shown with who signed and when. */
export function SignatureControl({ item, labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { sources } = useChecklistScope();
  const [open, setOpen] = useState(false);
  const parsed = SignatureValueSchema.safeParse(value);
  const signature = parsed.success ? parsed.data : null;
  if (!sources.uploadFile && !readOnly) {
    return <NeedsInspection item={item}>{signature && <SignatureShown signature={signature} />}</NeedsInspection>;
  }
  return (
    <div role="group" aria-labelledby={labelId}>
      {signature ? (
        <SignatureShown signature={signature} />
      ) : (
        readOnly && <Typography.Text type="secondary">{t('no_value')}</Typography.Text>
      )}
      {!readOnly && !disabled && (
        <Space wrap>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {signature ? t('signature.sign_again') : t('signature.sign')}
          </Button>
          {signature && (
            <Button danger type="text" onClick={() => onChange(null)}>
              {t('signature.remove')}
            </Button>
          )}
        </Space>
      )}
      {sources.uploadFile && (
        <SignatureDialog open={open} upload={sources.uploadFile} onClose={() => setOpen(false)} onSigned={(next) => onChange(next)} />
      )}
    </div>
  );
}
