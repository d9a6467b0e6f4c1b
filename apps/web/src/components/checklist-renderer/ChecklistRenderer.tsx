import { AssetValueSchema, parseAnswerKey, type AssetValue, type TemplateDocument } from '@vigil/checklist';
import { ConfigProvider, Empty, theme, type GlobalToken } from 'antd';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetChoiceContext } from './asset-choice.ts';
import {
  childrenIndex,
  ChecklistScopeContext,
  type ChecklistScope,
  type ChecklistSession,
  type AnswerBadge,
  type ChecklistSources,
} from './ChecklistScope.ts';
import { ItemList } from './ItemList.tsx';
import { ChangeTracker, RenderFrameContext, type AnswerErrors, type RenderFrame } from './render-frame.ts';
import { answerablePages, progressByPage, totalProgress, type PageProgress } from './page-progress.ts';
import { PageList } from './PageList.tsx';
import { ChecklistNav, ChecklistStep, PageHeading } from './ChecklistChrome.tsx';
import { ScoreTag } from './ScoreTag.tsx';
import { SectionStateContext, type SectionState } from './section-state.ts';
import './checklist-renderer.css';

/** The theme's colours the renderer's hand-drawn parts read (checklist-renderer.css). */
function themeVariables(token: GlobalToken): CSSProperties {
  return {
    background: token.colorBgLayout,
    color: token.colorText,
    '--checklist-text': token.colorText,
    '--checklist-text-secondary': token.colorTextSecondary,
    '--checklist-tag-bg': token.colorFillQuaternary,
    '--checklist-tag-border': token.colorBorder,
    '--checklist-score-bg': token.blue1,
    '--checklist-score-border': token.blue3,
    '--checklist-score-text': token.blue7,
    '--checklist-error': token.colorError,
    '--checklist-progress-track': token.colorFillSecondary,
    '--checklist-progress-done': token.colorPrimary,
    '--checklist-control-bg': token.colorBgContainer,
    '--checklist-control-border': token.colorBorder,
    '--checklist-control-hover': token.colorPrimaryHover,
    '--checklist-control-focus': token.colorPrimary,
    '--checklist-control-outline': token.controlOutline,
    '--checklist-control-disabled-bg': token.colorBgContainerDisabled,
    '--checklist-control-disabled-text': token.colorTextDisabled,
    '--checklist-control-disabled-checked-bg': token.controlItemBgActiveDisabled,
    '--checklist-control-radius': `${token.borderRadius}px`,
    '--checklist-control-radius-small': `${token.borderRadiusSM}px`,
    '--checklist-control-placeholder': token.colorTextPlaceholder,
    // Text on a picked or hovered choice: the link blues, which read on the dark skin (its primary blue does not).
    '--checklist-choice-text': token.colorLink,
    '--checklist-choice-hover-text': token.colorLinkHover,
  } as CSSProperties;
}

/** Go to an answer: its page, its sections unfolded, scrolled to and focused. A new nonce asks again for the same key. */
export interface ChecklistReveal {
  key: string;
  nonce: number;
}

export interface ChecklistRendererProps {
  /** The document shown: titles and the item tree (it may be newer than the session's evaluated one). */
  document: TemplateDocument;
  session: ChecklistSession;
  /** What the template points at and what an inspection adds (uploads, people, assets); a question without its source says so. */
  sources?: ChecklistSources;
  /** Shows this answer (after "Finish" found it missing). */
  reveal?: ChecklistReveal;
  /** The server's messages per answer key (`key` or `answers.key`), shown under their questions. */
  errors?: AnswerErrors;
  /** The page (its item id) shown first. */
  initialPage?: string;
  /** Called with the page's item id when the inspector moves to another page. */
  onPageChange?: (pageId: string) => void;
  /**
   * What the screen shows under a question's title about its answer (e.g. "carried over, confirm or
   * change"); nothing when it answers null. Keep it stable (`useCallback`): every question reads it.
   */
  answerBadge?: AnswerBadge;
}

const NO_SOURCES: ChecklistSources = {};
const NOTHING_TOUCHED: ReadonlySet<string> = new Set();
/** The page list's figures while it is closed: it renders nothing then, and needs none. */
const CLOSED_PROGRESS: ReadonlyMap<string, PageProgress> = new Map();

/**
 * A checklist as the inspector answers it, sized for a phone: the title, score and progress on top, one
 * page at a time with a list of the pages to jump between, previous and next below; rules, calculations
 * and scores evaluated live by `@vigil/checklist` through the session. The builder's preview shows it in
 * a phone frame; the inspection screen fills the viewport with it.
 */
export function ChecklistRenderer({
  document,
  session,
  sources = NO_SOURCES,
  reveal,
  errors,
  initialPage,
  onPageChange,
  answerBadge,
}: ChecklistRendererProps) {
  const { t } = useTranslation('checklist-renderer');
  const { token } = theme.useToken();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const { evaluated, evaluator, keyOf, answerOf, answer, annotate, addInstance, removeInstance, touched = NOTHING_TOUCHED } = session;
  const readOnly = session.readOnly === true;
  const [pageId, setPageId] = useState<string | null>(initialPage ?? null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [pagesOpen, setPagesOpen] = useState(false);
  const [pendingReveal, setPendingReveal] = useState<ChecklistReveal | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const lastIndex = useRef(0);
  const tracker = useRef<ChangeTracker | null>(null);
  tracker.current ??= new ChangeTracker();
  const frameState = useRef<RenderFrame>({ touched, errors, stamps: new Map() });
  frameState.current = { touched, errors, stamps: tracker.current.update(evaluator, answerOf, touched, errors) };

  const childrenOf = useMemo(() => childrenIndex(document.items), [document]);
  const pageOfItem = useMemo(() => answerablePages(document.items), [document]);
  const scope = useMemo<ChecklistScope>(
    () => ({
      document: evaluated,
      evaluator,
      keyOf,
      answerOf,
      answer,
      annotate,
      addInstance,
      removeInstance,
      readOnly,
      sources,
      answerBadge,
    }),
    [evaluated, evaluator, keyOf, answerOf, answer, annotate, addInstance, removeInstance, readOnly, sources, answerBadge],
  );
  const toggle = useCallback(
    (key: string) =>
      setCollapsed((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const sectionState = useMemo<SectionState>(() => ({ collapsed, toggle }), [collapsed, toggle]);

  // Pages shown to the inspector: not the hidden page, not a disabled start/end page, not a page a rule hides.
  const pages = document.items.filter((item) => item.depth === 0 && item.type !== 'hidden_page' && evaluator.get(item.id)?.visible);
  const found = pageId === null ? -1 : pages.findIndex((page) => page.id === pageId);
  const current = found >= 0 ? found : Math.min(lastIndex.current, Math.max(0, pages.length - 1));
  lastIndex.current = current;
  const page = pages[current];
  const progress = progressByPage(evaluator, pageOfItem);
  const overall = totalProgress(pages.map((entry) => progress.get(entry.id)).filter((entry) => entry !== undefined));
  const rootStyle = useMemo(() => themeVariables(token), [token]);
  const bar = useMemo(
    () => ({ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }),
    [token.colorBgContainer, token.colorBorderSecondary],
  );

  // The asset question's asset, for the asset field questions.
  const assetItem = useMemo(() => evaluated.items.find((item) => item.type === 'asset'), [evaluated]);
  const assetState = assetItem ? evaluator.get(assetItem.id) : undefined;
  // Parsed only when there is one: a failed parse builds zod's error, on every answer.
  const parsedAsset = assetState?.value == null ? null : AssetValueSchema.safeParse(assetState.value);
  const asset = parsedAsset?.success ? parsedAsset.data : null;
  const assetId = asset?.id ?? null;
  const assetChoice = useMemo<AssetValue | null>(
    () => asset,
    // The asset, by its id: a new object for the same asset keeps the context as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [assetId],
  );

  const goTo = (index: number) => {
    const next = pages[index];
    if (!next) return;
    setPageId(next.id);
    body.current?.scrollTo?.({ top: 0 });
    onPageChange?.(next.id);
  };
  // The same functions from render to render, so the memoised bar, buttons and page list skip an answer's render.
  const latestGoTo = useRef(goTo);
  latestGoTo.current = goTo;
  const go = useCallback((index: number) => latestGoTo.current(index), []);
  const openPages = useCallback(() => setPagesOpen(true), []);
  const closePages = useCallback(() => setPagesOpen(false), []);
  const pickPage = useCallback((index: number) => {
    setPagesOpen(false);
    latestGoTo.current(index);
  }, []);
  const pageIds = pages.map((entry) => entry.id).join(' ');
  // The pages shown change with rules, not with most answers: the page list keeps its props.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shownPages = useMemo(() => pages, [pageIds, document]);

  // A reveal: its page, its sections open; focusing waits for them to render.
  useEffect(() => {
    if (!reveal) return;
    const { itemId, instanceId } = parseAnswerKey(reveal.key);
    const containers = evaluator.plan.containers.get(itemId) ?? [];
    const target = containers.at(-1) ?? itemId;
    if (page?.id !== target) onPageChange?.(target);
    setPageId(target);
    const sections = containers.filter((id) => evaluator.plan.byId.get(id)?.type === 'section');
    setCollapsed((before) => {
      const next = new Set(before);
      for (const id of sections) {
        next.delete(id);
        if (instanceId !== null) next.delete(`${id}@${instanceId}`);
      }
      return next.size === before.size ? before : next;
    });
    setPendingReveal(reveal);
    // Only a new reveal (its nonce) moves the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.nonce, reveal?.key]);

  useEffect(() => {
    if (!pendingReveal || !frame.current) return;
    const element = frame.current.querySelector<HTMLElement>(`[data-answer-key="${CSS.escape(pendingReveal.key)}"]`);
    if (!element) return;
    setPendingReveal(null);
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const control = element.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([hidden]):not([disabled]), textarea:not([disabled]), button:not([disabled]), [role="combobox"], [tabindex="0"]',
    );
    (control ?? element).focus({ preventScroll: true });
  }, [pendingReveal, current, collapsed]);

  return (
    <div className="checklist-screen" ref={frame} style={rootStyle} data-testid="checklist-screen">
      <ChecklistScopeContext.Provider value={scope}>
        <SectionStateContext.Provider value={sectionState}>
          <RenderFrameContext.Provider value={frameState}>
            <AssetChoiceContext.Provider value={assetChoice}>
              <div className="checklist-top" style={bar}>
                <div className="checklist-top-row">
                  {/* Cut by CSS: antd's measured ellipsis would lay the page out again on every answer. */}
                  <strong className="checklist-title">{document.title}</strong>
                  <ScoreTag total={evaluator.total()} testId="checklist-score" pointsTestId="checklist-points" />
                </div>
                {page && (
                  <ChecklistStep current={current} count={pages.length} progress={overall} pagesOpen={pagesOpen} onOpenPages={openPages} />
                )}
              </div>
              <div className="checklist-body" ref={body}>
                {page ? (
                  <>
                    <PageHeading title={page.title} total={evaluator.total(page.id)} />
                    <ItemList items={childrenOf.get(page.id) ?? []} childrenOf={childrenOf} instanceId={null} />
                    {(childrenOf.get(page.id) ?? []).length === 0 && <Empty description={t('empty_page')} />}
                  </>
                ) : (
                  <Empty description={t('no_pages')} />
                )}
              </div>
              <ChecklistNav current={current} count={pages.length} onGo={go} style={bar} />
              <PageList
                open={pagesOpen}
                pages={shownPages}
                progress={pagesOpen ? progress : CLOSED_PROGRESS}
                current={current}
                rtl={direction === 'rtl'}
                onPick={pickPage}
                onClose={closePages}
              />
            </AssetChoiceContext.Provider>
          </RenderFrameContext.Provider>
        </SectionStateContext.Provider>
      </ChecklistScopeContext.Provider>
    </div>
  );
}
