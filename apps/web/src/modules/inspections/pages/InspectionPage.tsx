import { useQuery } from '@tanstack/react-query';
import { parseAnswerKey, type TemplateDocument } from '@vigil/checklist';
import type { AnswersSaved, InspectionDetail } from '@vigil/contracts';
import { Alert, App, Button, ConfigProvider, Result, Spin } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, type NavigateFunction } from 'react-router';
import { useCanOpenPath } from '../../../app/useCanOpenPath.ts';
import {
  ChecklistRenderer,
  type AnswerBadge,
  type ChecklistReveal,
  type ChecklistSources,
} from '../../../components/checklist-renderer/index.ts';
import { isHttpError } from '../../../lib/http.ts';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useAppAbility } from '../../../lib/permissions.ts';
import { useDateFormat, type DateFormatter } from '../../../lib/dates.ts';
import { finishInspection, INSPECTIONS_PATH, reportPath } from '../api.ts';
import { CarriedOverBadge } from '../components/CarriedOverBadge.tsx';
import { CompletionView } from '../components/CompletionView.tsx';
import { InspectionHeader } from '../components/InspectionHeader.tsx';
import { answerMessages, type FlushResult } from '../session/answer-saver.ts';
import { inspectionSources } from '../session/inspection-sources.ts';
import { takeOpening } from '../session/opening.ts';
import { browserOutbox } from '../session/outbox.ts';
import { isCarriedOver, useInspectionSession, type OpenedInspection } from '../session/useInspectionSession.ts';
import '../inspections.css';

const NO_WAVE = { disabled: true };

/**
 * The inspection, its pinned document and what this device still holds for it. The server sends the document as
 * its domain parsed it (a fixed point of the schema, asserted by the server's tests): parsing 500 questions again
 * cost a phone a third of a second.
 */
async function openInspection(id: string): Promise<OpenedInspection> {
  const [detail, pending] = await Promise.all([takeOpening(id), browserOutbox().entries(id)]);
  return { detail, document: detail.document as TemplateDocument, pending };
}

/** `/inspections/{id}`: one inspection answered (or read) on the whole screen, saved as the user goes, and finished. */
export function InspectionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inspections');
  const opened = useQuery({
    queryKey: ['inspections', 'open', id],
    queryFn: () => openInspection(id),
    // Opened once: the screen keeps its answers from here on, and a refetch would not replace them.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (opened.isError) {
    return (
      <div className="inspection-screen inspection-screen-centered">
        <Result
          status="warning"
          title={<h1 className="result-title">{t('screen.load_failed')}</h1>}
          extra={<Button onClick={() => void opened.refetch()}>{t('actions.retry')}</Button>}
        />
      </div>
    );
  }
  if (!opened.data) {
    return (
      <div className="inspection-screen inspection-screen-centered">
        <Spin size="large" description={t('screen.loading')}>
          <div style={{ padding: 48 }} />
        </Spin>
      </div>
    );
  }
  return (
    // No click ripple on the inspection screen: on a phone it costs a layout and an animation for every answer.
    <ConfigProvider wave={NO_WAVE}>
      <InspectionScreen key={id} opened={opened.data} />
    </ConfigProvider>
  );
}

const pageKey = (id: string) => `vigil.inspections.page.${id}`;

function readPage(id: string): string | undefined {
  try {
    return sessionStorage.getItem(pageKey(id)) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepPage(id: string, pageId: string): void {
  try {
    sessionStorage.setItem(pageKey(id), pageId);
  } catch {
    // Private browsing without storage: the first page shows after a reload.
  }
}

type Notice = { type: 'error' | 'warning'; message: string };

/**
 * Where the screen leads and what it may use, read from the user's permissions and the router here, once:
 * an answer renders the answering screen below, not these hooks again (on a phone each render is felt).
 */
function InspectionScreen({ opened }: { opened: OpenedInspection }) {
  const navigate = useNavigate();
  const dates = useDateFormat();
  const ability = useAppAbility();
  const canOpen = useCanOpenPath();
  // A completed inspection takes answers from a manager only (`can.manage`); those changes go to its history.
  const completedBefore = opened.detail.status === 'completed';
  const readOnly = !opened.detail.can.answer || opened.detail.archived_at !== null || (completedBefore && !opened.detail.can.manage);
  const report = reportPath(opened.detail.id);
  const reportOpens = canOpen(report);
  // A completed inspection's place is its report; an open one's, the list.
  const backTo = completedBefore && reportOpens ? report : canOpen(INSPECTIONS_PATH) ? INSPECTIONS_PATH : HOME_PATH;
  const sources = useMemo(() => inspectionSources(opened.detail.id, ability, !readOnly), [opened.detail.id, ability, readOnly]);
  return (
    <AnsweringScreen
      opened={opened}
      readOnly={readOnly}
      backTo={backTo}
      reportOpens={reportOpens}
      sources={sources}
      navigate={navigate}
      dates={dates}
    />
  );
}

interface AnsweringProps {
  opened: OpenedInspection;
  readOnly: boolean;
  backTo: string;
  /** Whether the user may open the inspection's report (where "show the answers" goes once completed). */
  reportOpens: boolean;
  sources: ChecklistSources;
  navigate: NavigateFunction;
  dates: DateFormatter;
}

/** The inspection answered: its session, header, notices and checklist, rendered again on every answer. */
function AnsweringScreen({ opened, readOnly, backTo, reportOpens, sources, navigate, dates }: AnsweringProps) {
  const { t } = useTranslation('inspections');
  const { modal } = App.useApp();
  const [inspection, setInspection] = useState<InspectionDetail>(opened.detail);
  const completedBefore = opened.detail.status === 'completed';
  const editingCompleted = completedBefore && !readOnly;
  const outbox = useMemo(() => browserOutbox(), []);
  // The first save starts the inspection: its status in the header follows the server's.
  const saved = useCallback(
    ({ status }: AnswersSaved) => setInspection((before) => (before.status === status ? before : { ...before, status })),
    [],
  );
  const session = useInspectionSession(opened, readOnly, outbox, saved);
  const [reveal, setReveal] = useState<ChecklistReveal | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [completed, setCompleted] = useState(false);
  const [showAnswers, setShowAnswers] = useState(false);
  const report = reportPath(opened.detail.id);
  const titles = useMemo(() => new Map(opened.document.items.map((item) => [item.id, item.title])), [opened.document]);
  const { confirm } = session;
  const answerBadge = useCallback<AnswerBadge>(
    (key, answer) =>
      !readOnly && isCarriedOver(answer) ? (
        <CarriedOverBadge title={titles.get(parseAnswerKey(key).itemId) ?? ''} onConfirm={() => confirm(key)} />
      ) : null,
    [readOnly, titles, confirm],
  );
  const carried = completed ? [] : session.carriedOver();
  // The page the inspector was on comes back after a reload.
  const [initialPage] = useState(() => readPage(opened.detail.id));

  const revealFirst = (keys: readonly string[]) => {
    if (keys[0]) setReveal({ key: keys[0], nonce: Date.now() });
  };

  const notFlushed = (result: Exclude<FlushResult, { ok: true }>) => {
    if (result.reason === 'invalid') {
      const held = session.heldKeys();
      setNotice({ type: 'error', message: t('finish.held', { count: Math.max(1, held.length) }) });
      revealFirst(held);
    } else if (result.reason === 'blocked') setNotice({ type: 'error', message: t('finish.blocked') });
    else setNotice({ type: 'warning', message: t('finish.offline') });
  };

  const finish = async () => {
    setFinishing(true);
    setNotice(null);
    try {
      const flushed = await session.flush();
      if (!flushed.ok) return notFlushed(flushed);
      const done = await finishInspection(opened.detail.id);
      session.complete();
      setInspection(done);
      setCompleted(true);
    } catch (error) {
      const missing = isHttpError(error) && error.code === 'INS_ANSWERS_MISSING' ? answerMessages(error.data) : null;
      if (missing) {
        const keys = Object.keys(missing);
        session.markMissing(missing);
        setNotice({ type: 'error', message: t('finish.missing', { count: keys.length }) });
        revealFirst(keys);
      } else if (isHttpError(error) && error.status === 0) setNotice({ type: 'warning', message: t('finish.offline') });
      else setNotice({ type: 'error', message: isHttpError(error) && error.message ? error.message : t('finish.failed') });
    } finally {
      setFinishing(false);
    }
  };

  const askToFinish = async () => {
    const confirmed = await modal.confirm({
      title: t('finish.confirm_title'),
      content: t('finish.confirm_text'),
      okText: t('screen.finish'),
      cancelText: t('actions.cancel'),
    });
    if (confirmed) await finish();
  };

  // One function from render to render: the memoised header skips the renders of answers.
  const latestAskToFinish = useRef(askToFinish);
  latestAskToFinish.current = askToFinish;
  const onFinish = useCallback(() => void latestAskToFinish.current(), []);
  const pageChanged = useCallback((pageId: string) => keepPage(opened.detail.id, pageId), [opened.detail.id]);

  const locked = readOnly || completed;
  const readOnlyNotice = completed
    ? null
    : editingCompleted
      ? t('screen.edit_completed', { date: inspection.completed_at ? dates.dateTime(inspection.completed_at) : '' })
      : inspection.status === 'completed'
        ? t('screen.read_only_completed', { date: inspection.completed_at ? dates.dateTime(inspection.completed_at) : '' })
        : inspection.archived_at
          ? t('screen.read_only_archived')
          : readOnly
            ? t('screen.read_only')
            : null;

  return (
    <div className="inspection-screen">
      <InspectionHeader
        inspection={inspection}
        backTo={backTo}
        saveState={locked ? null : session.saveState}
        backLabel={backTo === report ? t('screen.back_to_report') : undefined}
        onFinish={locked || editingCompleted ? undefined : onFinish}
        finishing={finishing}
      />
      {notice ? (
        <Alert
          className="inspection-notice"
          type={notice.type}
          showIcon
          role="alert"
          title={notice.message}
          closable
          onClose={() => setNotice(null)}
        />
      ) : null}
      {readOnlyNotice ? <Alert className="inspection-notice" type="info" showIcon title={readOnlyNotice} /> : null}
      {carried.length > 0 ? (
        <Alert
          className="inspection-notice"
          type="info"
          showIcon
          title={t('carried.notice', { count: carried.length })}
          data-testid="carried-over-notice"
          action={
            <Button size="small" onClick={session.confirmAll}>
              {t('carried.confirm_all')}
            </Button>
          }
        />
      ) : null}
      {session.unsaved > 0 ? (
        <Alert
          className="inspection-notice"
          type="warning"
          showIcon
          title={t('screen.unsaved', { count: session.unsaved })}
          action={
            <Button size="small" onClick={session.discardUnsaved}>
              {t('screen.discard_unsaved')}
            </Button>
          }
        />
      ) : null}
      <div className="inspection-body">
        {completed && !showAnswers ? (
          <CompletionView
            inspection={inspection}
            backTo={backTo}
            onShowAnswers={() => (reportOpens ? void navigate(report) : setShowAnswers(true))}
          />
        ) : (
          <ChecklistRenderer
            document={opened.document}
            session={session}
            sources={sources}
            reveal={reveal}
            errors={session.errors}
            initialPage={initialPage}
            onPageChange={pageChanged}
            answerBadge={answerBadge}
          />
        )}
      </div>
      {completed && showAnswers ? (
        <div className="inspection-footer">
          <Button type="primary" onClick={() => void navigate(backTo)}>
            {t('completed.back')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
