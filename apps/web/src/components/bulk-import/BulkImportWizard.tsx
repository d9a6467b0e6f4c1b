import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_BYTES, type Import, type ImportPreview, type ImportTargetColumn } from '@vigil/contracts';
import { Alert, Button, Form, Modal, Progress, Result, Select, Space, Spin, Steps, Table, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../lib/http.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { useConfirmDialog } from '../ConfirmDialog.tsx';
import { cancelImport, fetchImport, isFinished, previewFile, rememberImport, runningImport, type BulkImportTarget } from './calls.ts';
import { postMultipart, type MultipartUpload } from '../upload/send-multipart.ts';
import { autoMap, columnLetter, mappedRows, mappingBody, missingRequired, type ColumnMapping } from './mapping.ts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LIMIT = `${IMPORT_MAX_BYTES / (1024 * 1024)} MB`;
const POLL_MS = 1000;

type Stage = { kind: 'upload' } | { kind: 'columns' } | { kind: 'sending'; percent: number } | { kind: 'running'; id: string };

const STEP_OF: Record<Stage['kind'], number> = { upload: 0, columns: 1, sending: 2, running: 2 };

/** The file's problem before any byte is sent: its kind (by name) and its size. */
function fileProblem(file: File): 'wrong_type' | 'too_large' | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'wrong_type';
  if (file.size > IMPORT_MAX_BYTES) return 'too_large';
  return null;
}

/** The first message of a refusal: a field's, else the error's own, else none. */
function refusalOf(error: unknown): { field?: string; message?: string } {
  if (!isHttpError(error)) return {};
  const [field, messages] = Object.entries(error.fieldErrors)[0] ?? [];
  return field && messages?.[0] ? { field, message: messages[0] } : { message: error.message || undefined };
}

export interface BulkImportWizardProps {
  target: BulkImportTarget;
  onClose: () => void;
  /** After an import has written its rows: reload what shows them. */
  onImported: () => void;
}

/**
 * Bulk import (spec 3 §2): upload a CSV or xlsx file, assign its columns to the target's, then send it
 * and follow the server's job, which checks every row before writing any. The running import is kept
 * for the tab, so that closing the wizard or reloading the page shows its progress again.
 */
export function BulkImportWizard({ target, onClose, onImported }: BulkImportWizardProps) {
  const { t } = useTranslation(['bulk-import', 'common']);
  const phone = usePhone();
  const queryClient = useQueryClient();
  const confirm = useConfirmDialog();
  const [stage, setStage] = useState<Stage>(() => {
    const id = runningImport(target.key);
    return id ? { kind: 'running', id } : { kind: 'upload' };
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useRef<MultipartUpload<unknown> | null>(null);
  const closed = useRef(false);

  const columnsQuery = useQuery({ queryKey: ['bulk-import-columns', target.key], queryFn: target.loadColumns });
  const columns = useMemo(() => columnsQuery.data ?? [], [columnsQuery.data]);
  const titleOf = useMemo(() => new Map(columns.map((column) => [column.id, column.title])), [columns]);

  const runningId = stage.kind === 'running' ? stage.id : null;
  const job = useQuery({
    queryKey: ['bulk-import', runningId],
    queryFn: () => fetchImport(runningId!),
    enabled: runningId !== null,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : POLL_MS),
  });
  const current = job.data && job.data.id === runningId ? job.data : undefined;

  // A finished import is forgotten; a completed one has written its rows, which the page reloads once.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!current || !isFinished(current) || reported.current === current.id) return;
    reported.current = current.id;
    rememberImport(target.key, null);
    if (current.status === 'completed') onImported();
  }, [current, target.key, onImported]);

  // Whatever is being sent when the wizard goes is abandoned (the server gets a cut request).
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      upload.current?.abort();
    };
  }, []);

  const choose = (chosen: File) => {
    const problem = fileProblem(chosen);
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    setShowMissing(false);
    setRefusal(null);
    if (problem) {
      setFileError(t(`upload.${problem}`, { limit: LIMIT }));
      return;
    }
    setFileError(null);
    setReading(true);
    const call = previewFile(chosen);
    upload.current = call;
    call.done
      .then((answer) => {
        if (!closed.current) setPreview(answer);
      })
      .catch((error: unknown) => {
        if (closed.current || (error instanceof DOMException && error.name === 'AbortError')) return;
        setFileError(refusalOf(error).message ?? t('unexpected'));
      })
      .finally(() => {
        if (upload.current === call) upload.current = null;
        if (!closed.current) setReading(false);
      });
  };

  const toColumns = () => {
    if (!preview) return;
    if (!mapping) setMapping(autoMap(columns, preview.header));
    setStage({ kind: 'columns' });
  };

  const missing = mapping ? missingRequired(columns, mapping) : [];

  const start = () => {
    if (!file || !mapping) return;
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    setRefusal(null);
    setStage({ kind: 'sending', percent: 0 });
    const call = postMultipart<Import>(
      target.path,
      file,
      { ...target.fields, columns: JSON.stringify(mappingBody(columns, mapping)) },
      (percent) => {
        if (!closed.current) setStage((prev) => (prev.kind === 'sending' ? { kind: 'sending', percent } : prev));
      },
    );
    upload.current = call;
    call.done
      .then((queued) => {
        if (closed.current) return;
        rememberImport(target.key, queued.id);
        queryClient.setQueryData(['bulk-import', queued.id], queued);
        setStage({ kind: 'running', id: queued.id });
      })
      .catch((error: unknown) => {
        if (closed.current || (error instanceof DOMException && error.name === 'AbortError')) return;
        const { field, message } = refusalOf(error);
        // The file itself refused (unreadable, too large): pick another one.
        if (field === 'file' || (isHttpError(error) && error.status === 413)) {
          setFileError(message ?? t('unexpected'));
          setStage({ kind: 'upload' });
        } else {
          setRefusal(message ?? t('unexpected'));
          setStage({ kind: 'columns' });
        }
      })
      .finally(() => {
        if (upload.current === call) upload.current = null;
      });
  };

  const cancelRunning = (job: Import) =>
    void confirm({
      title: t('cancel.title'),
      content: t('cancel.content'),
      okText: t('cancel.ok'),
      danger: true,
      successMessage: t('cancel.done'),
      onConfirm: async () => {
        const answer = await cancelImport(job.id);
        queryClient.setQueryData(['bulk-import', job.id], answer);
        return answer;
      },
    });

  const restart = () => {
    rememberImport(target.key, null);
    setFile(null);
    setPreview(null);
    setMapping(null);
    setFileError(null);
    setRefusal(null);
    setShowMissing(false);
    setStage({ kind: 'upload' });
  };

  const close = () => {
    if (stage.kind === 'sending') upload.current?.abort();
    onClose();
  };

  const closeButton = (
    <Button key="close" onClick={close}>
      {t('common:actions.close')}
    </Button>
  );
  let footer: ReactNode[];
  let body: ReactNode;
  if (stage.kind === 'upload') {
    footer = [
      closeButton,
      <Button key="next" type="primary" disabled={!preview || reading || columnsQuery.isPending} onClick={toColumns}>
        {t('actions.next')}
      </Button>,
    ];
    body = (
      <UploadStep
        file={file}
        preview={preview}
        reading={reading}
        error={fileError}
        target={target}
        onChoose={choose}
        onRemove={() => {
          upload.current?.abort();
          setFile(null);
          setPreview(null);
          setMapping(null);
          setFileError(null);
        }}
      />
    );
  } else if (stage.kind === 'columns') {
    footer = [
      <Button key="back" onClick={() => setStage({ kind: 'upload' })}>
        {t('actions.back')}
      </Button>,
      <Button key="start" type="primary" onClick={start}>
        {t('actions.start')}
      </Button>,
    ];
    body = (
      <ColumnsStep
        columns={columns}
        preview={preview!}
        mapping={mapping ?? {}}
        missing={showMissing ? missing : []}
        refusal={refusal}
        onChange={(id, index) => setMapping((prev) => ({ ...prev, [id]: index }))}
      />
    );
  } else if (stage.kind === 'sending') {
    footer = [
      <Button key="cancel" onClick={() => upload.current?.abort()}>
        {t('common:actions.cancel')}
      </Button>,
    ];
    body = (
      <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
        <Typography.Text>{t('progress.sending')}</Typography.Text>
        <Progress percent={stage.percent} status="active" aria-label={t('progress.upload_label')} />
      </Space>
    );
  } else if (!current) {
    footer = [closeButton];
    body = job.isError ? (
      <Result status="warning" title={t('progress.lost')} extra={<Button onClick={restart}>{t('actions.start_over')}</Button>} />
    ) : (
      <Spin />
    );
  } else if (!isFinished(current)) {
    footer = [
      closeButton,
      <Button key="cancel" danger disabled={current.cancel_requested} onClick={() => cancelRunning(current)}>
        {current.cancel_requested ? t('cancel.requested') : t('cancel.ok')}
      </Button>,
    ];
    body = <RunningStep job={current} />;
  } else {
    footer =
      current.status === 'completed'
        ? [
            <Button key="close" type="primary" onClick={onClose}>
              {t('common:actions.close')}
            </Button>,
          ]
        : [
            closeButton,
            <Button key="again" type="primary" onClick={restart}>
              {t('actions.choose_another')}
            </Button>,
          ];
    body = <FinishedStep job={current} titleOf={titleOf} />;
  }

  return (
    <Modal
      open
      title={t('title', { name: target.name })}
      width={phone ? '100%' : 960}
      style={phone ? { top: 0, maxWidth: '100vw', paddingInline: 0, margin: 0 } : undefined}
      footer={footer}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Steps
        current={STEP_OF[stage.kind]}
        size="small"
        responsive={false}
        items={[{ title: t('steps.upload') }, { title: t('steps.columns') }, { title: t('steps.import') }]}
        style={{ marginBottom: 24 }}
        {...(phone ? { titlePlacement: 'vertical' as const } : {})}
      />
      {columnsQuery.isError ? <Alert type="error" showIcon role="alert" title={t('columns.unavailable')} /> : body}
    </Modal>
  );
}

function UploadStep({
  file,
  preview,
  reading,
  error,
  target,
  onChoose,
  onRemove,
}: {
  file: File | null;
  preview: ImportPreview | null;
  reading: boolean;
  error: string | null;
  target: BulkImportTarget;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('bulk-import');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('upload.intro', { limit: LIMIT })}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<DownloadOutlined aria-hidden />} href={target.sampleUrl('csv')} download>
          {t('upload.sample_csv')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={target.sampleUrl('xlsx')} download>
          {t('upload.sample_xlsx')}
        </Button>
      </Space>
      <Form layout="vertical" component="div">
        <Form.Item label={t('upload.file')} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Upload
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(chosen) => {
              onChoose(chosen);
              return false;
            }}
            onRemove={onRemove}
            fileList={file ? [{ uid: 'file', name: file.name, status: error ? 'error' : 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('upload.choose')}</Button>
          </Upload>
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {reading ? (
          <Space>
            <Spin size="small" />
            <Typography.Text>{t('upload.reading')}</Typography.Text>
          </Space>
        ) : preview ? (
          <Typography.Text type="success">{t('upload.read', { count: preview.header.length })}</Typography.Text>
        ) : null}
      </div>
    </Space>
  );
}

function ColumnsStep({
  columns,
  preview,
  mapping,
  missing,
  refusal,
  onChange,
}: {
  columns: ImportTargetColumn[];
  preview: ImportPreview;
  mapping: ColumnMapping;
  missing: ImportTargetColumn[];
  refusal: string | null;
  onChange: (id: string, index: number | undefined) => void;
}) {
  const { t } = useTranslation('bulk-import');
  const options = preview.header.map((text, index) => ({
    value: index,
    label: `${columnLetter(index)}: ${text.trim() || t('columns.untitled')}`,
    example: preview.rows[0]?.[index] ?? '',
  }));
  const missingIds = new Set(missing.map((column) => column.id));
  const mapped = columns.filter((column) => mapping[column.id] !== undefined);
  const rows = mappedRows(columns, mapping, preview.rows);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('columns.intro')}</Typography.Paragraph>
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} /> : null}
      {missing.length > 0 ? <Alert type="error" showIcon role="alert" title={t('columns.missing_summary')} /> : null}
      <Table<ImportTargetColumn>
        size="small"
        pagination={false}
        rowKey={(column) => column.id}
        dataSource={columns}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'column',
            title: t('columns.column'),
            render: (_, column) => (
              <Typography.Text strong>
                {column.title}
                {column.required ? (
                  <>
                    {' '}
                    <Typography.Text type="danger" aria-label={t('columns.required')}>
                      *
                    </Typography.Text>
                  </>
                ) : null}
              </Typography.Text>
            ),
          },
          {
            key: 'file_column',
            title: t('columns.file_column'),
            render: (_, column) => (
              <Form.Item
                style={{ marginBottom: 0 }}
                validateStatus={missingIds.has(column.id) ? 'error' : undefined}
                help={missingIds.has(column.id) ? t('columns.required_missing') : undefined}
              >
                <Select<number>
                  aria-label={t('columns.select_label', { column: column.title })}
                  style={{ minWidth: 220, width: '100%' }}
                  allowClear
                  placeholder={t('columns.not_imported')}
                  value={mapping[column.id]}
                  onChange={(value) => onChange(column.id, value ?? undefined)}
                  options={options}
                  optionRender={(option) => (
                    <Space orientation="vertical" size={0}>
                      <span>{option.data.label}</span>
                      {option.data.example ? (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('columns.example', { value: option.data.example })}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  )}
                />
              </Form.Item>
            ),
          },
        ]}
      />
      {mapped.length > 0 && rows.length > 0 ? (
        <>
          <Typography.Title level={5} style={{ marginBottom: 0 }}>
            {t('columns.preview')}
          </Typography.Title>
          <Table<{ key: number; cells: string[] }>
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            aria-label={t('columns.preview')}
            dataSource={rows.map((cells, key) => ({ key, cells }))}
            columns={mapped.map((column, position) => ({
              key: column.id,
              title: column.title,
              render: (_, row) => row.cells[position],
            }))}
          />
        </>
      ) : null}
    </Space>
  );
}

function RunningStep({ job }: { job: Import }) {
  const { t } = useTranslation('bulk-import');
  const text =
    job.status === 'queued'
      ? t('progress.queued')
      : job.status === 'checking'
        ? t('progress.checking', { count: job.rows_checked })
        : t('progress.writing', { written: job.rows_written, total: job.rows_total ?? job.rows_checked });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div aria-live="polite">
        <Typography.Text>{text}</Typography.Text>
      </div>
      <Progress percent={Math.round(job.progress * 100)} status="active" aria-label={t('progress.label')} />
      <Typography.Text type="secondary">{t('progress.background')}</Typography.Text>
    </Space>
  );
}

function FinishedStep({ job, titleOf }: { job: Import; titleOf: Map<string, string> }) {
  const { t } = useTranslation('bulk-import');
  if (job.status === 'completed') return <Result status="success" title={t('result.completed', { count: job.rows_written })} />;
  if (job.status === 'cancelled') return <Result status="info" title={t('result.cancelled')} />;
  if (job.errors.length === 0 && job.error_count === 0)
    return <Result status="error" title={t('result.failed')} subTitle={job.failure_message ?? undefined} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('result.errors', { count: job.error_count })}
        description={job.error_count > job.errors.length ? t('result.errors_shown', { shown: job.errors.length }) : undefined}
      />
      <Table
        size="small"
        aria-label={t('errors.title')}
        rowKey={(_, index) => String(index)}
        dataSource={job.errors}
        pagination={job.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'row', title: t('errors.row'), dataIndex: 'row', width: 80 },
          {
            key: 'column',
            title: t('errors.column'),
            render: (_, error) => (error.column ? (titleOf.get(error.column) ?? error.column) : t('errors.whole_row')),
          },
          { key: 'message', title: t('errors.message'), dataIndex: 'message' },
        ]}
      />
    </Space>
  );
}
