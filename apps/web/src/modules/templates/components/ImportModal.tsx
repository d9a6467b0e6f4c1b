import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ImportRowsErrorDataSchema, TEMPLATE_TITLE_MAX, TemplateImportFieldsSchema, type Template } from '@vigil/contracts';
import { Alert, Button, Form, Input, Modal, Progress, Result, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tableQueryKey } from '../../../components/data-table/useListMutation.ts';
import { FeatureGate } from '../../../components/FeatureGate.tsx';
import { isHttpError } from '../../../lib/http.ts';
import { getLanguage } from '../../../lib/language.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';
import { builderPath, discardTemplate, TEMPLATES_TABLE } from '../api.ts';
import { FolderPicker } from './FolderPicker.tsx';
import { startImport, sampleUrl, type ImportCall } from './import-upload.ts';
import { ImportResult, type ImportRowReport } from './ImportResult.tsx';

type Step =
  | { kind: 'choose'; refusal?: string }
  | { kind: 'sending'; percent: number }
  | { kind: 'rows'; errorCount: number; rows: ImportRowReport[] }
  | { kind: 'done'; template: Template };

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Import a template from CSV or Excel (plan feature ckl_create_checklist_from_csv): sample files, file
 * and folder, progress, then the new template or the rows with their errors. The server creates
 * nothing when a row fails; cancelling while the file is sent aborts it, and cancelling once the
 * server has it deletes the template it answers with.
 */
export function ImportModal({ parentId, onClose }: { parentId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['templates', 'common']);
  const [form] = Form.useForm<{ title?: string; parent_id: string | null }>();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const call = useRef<ImportCall | null>(null);
  const cancelled = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Leaving the screen mid-import counts as cancelling it.
  useEffect(() => {
    cancelled.current = false;
    return () => {
      cancelled.current = true;
    };
  }, []);

  const run = async (values: { title?: string; parent_id: string | null }) => {
    if (!file) return;
    const fields: Record<string, string> = { language: getLanguage() };
    if (values.title?.trim()) fields.title = values.title.trim();
    if (values.parent_id) fields.parent_id = values.parent_id;
    setStep({ kind: 'sending', percent: 0 });
    const current = startImport(file, fields, (percent) =>
      setStep((prev) => (prev.kind === 'sending' ? { kind: 'sending', percent } : prev)),
    );
    call.current = current;
    try {
      const template = await current.done;
      if (cancelled.current) {
        await discardTemplate(template.id);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: tableQueryKey(TEMPLATES_TABLE) });
      setStep({ kind: 'done', template });
    } catch (error) {
      if (cancelled.current) return;
      const rows = isHttpError(error) && error.code === 'CKL_IMPORT_ROWS_INVALID' ? ImportRowsErrorDataSchema.safeParse(error.data) : null;
      if (rows?.success) setStep({ kind: 'rows', errorCount: rows.data.error_count, rows: rows.data.rows });
      else {
        const fieldMessage = isHttpError(error) ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
        const message = isHttpError(error) && error.message ? error.message : undefined;
        setStep({ kind: 'choose', refusal: fieldMessage ?? message ?? t('import.unexpected') });
      }
    } finally {
      call.current = null;
    }
  };

  const cancel = () => {
    cancelled.current = true;
    // Not fully sent: the server gets a cut request and creates nothing. Sent: `run` deletes what it answers.
    if (call.current && !call.current.sent()) call.current.abort();
    onClose();
  };

  const footer =
    step.kind === 'choose' ? (
      [
        <Button key="cancel" onClick={cancel}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="import" type="primary" disabled={!file} onClick={() => form.submit()}>
          {t('import.submit')}
        </Button>,
      ]
    ) : step.kind === 'sending' ? (
      <Button onClick={cancel}>{t('common:actions.cancel')}</Button>
    ) : step.kind === 'rows' ? (
      [
        <Button key="close" onClick={onClose}>
          {t('import.close')}
        </Button>,
        <Button key="again" type="primary" onClick={() => setStep({ kind: 'choose' })}>
          {t('import.choose_another')}
        </Button>,
      ]
    ) : (
      [
        <Button key="close" onClick={onClose}>
          {t('import.close')}
        </Button>,
        <Button key="open" type="primary" onClick={() => void navigate(builderPath(step.template.id))}>
          {t('import.open_builder')}
        </Button>,
      ]
    );

  return (
    <Modal
      open
      title={t('import.title')}
      width={step.kind === 'rows' ? 1000 : 560}
      footer={footer}
      onCancel={step.kind === 'sending' ? cancel : onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <FeatureGate feature="ckl_create_checklist_from_csv">
        {step.kind === 'choose' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('import.intro')}</Typography.Paragraph>
            <Space wrap>
              <Button icon={<DownloadOutlined aria-hidden />} href={sampleUrl('csv')} download>
                {t('import.sample_csv')}
              </Button>
              <Button icon={<DownloadOutlined aria-hidden />} href={sampleUrl('xlsx')} download>
                {t('import.sample_xlsx')}
              </Button>
            </Space>
            {step.refusal ? <Alert type="error" showIcon role="alert" title={step.refusal} /> : null}
            <Form form={form} layout="vertical" initialValues={{ parent_id: parentId }} onFinish={(values) => void run(values)}>
              <Form.Item label={t('import.file')} required>
                <Upload
                  accept={ACCEPT}
                  maxCount={1}
                  beforeUpload={(chosen) => {
                    setFile(chosen);
                    return false;
                  }}
                  onRemove={() => setFile(null)}
                  fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
                >
                  <Button icon={<UploadOutlined aria-hidden />}>{t('import.choose_file')}</Button>
                </Upload>
              </Form.Item>
              <Form.Item
                name="title"
                label={t('import.template_title')}
                extra={t('import.template_title_hint')}
                rules={[schemaRule(TemplateImportFieldsSchema.shape.title, t)]}
              >
                <Input maxLength={TEMPLATE_TITLE_MAX} />
              </Form.Item>
              <Form.Item name="parent_id" label={t('folder_picker.label')}>
                <FolderPicker />
              </Form.Item>
            </Form>
          </Space>
        ) : step.kind === 'sending' ? (
          <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
            <Typography.Text>{step.percent < 100 ? t('import.sending') : t('import.reading')}</Typography.Text>
            <Progress percent={step.percent} status="active" aria-label={t('import.progress')} />
          </Space>
        ) : step.kind === 'rows' ? (
          <ImportResult errorCount={step.errorCount} rows={step.rows} />
        ) : (
          <Result status="success" title={t('import.done', { title: step.template.title })} />
        )}
      </FeatureGate>
    </Modal>
  );
}
