import type { SignatureValue } from '@vigil/checklist';
import { useTranslation } from 'react-i18next';
import type { DateFormatter } from '../../../../lib/dates.ts';
import { fileUrl } from '../../../../lib/files.ts';

/** A drawn signature with who signed and when. */
export function SignatureView({ signature, dates }: { signature: SignatureValue; dates: DateFormatter }) {
  const { t } = useTranslation('inspections');
  const when = signature.signed_at && !Number.isNaN(Date.parse(signature.signed_at)) ? dates.dateTime(signature.signed_at) : null;
  return (
    <figure className="report-signature" data-testid="report-signature">
      <img src={fileUrl(signature.file.url)} alt={t('report.signature_image', { name: signature.name })} loading="eager" />
      <figcaption>
        {t('report.signed_by', { name: signature.name })}
        {when ? ` · ${when}` : null}
      </figcaption>
    </figure>
  );
}
