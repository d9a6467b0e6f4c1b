/**
 * The builder's keyboard sensor. Rows and pages drag with dnd-kit's own keyboard sensor. A question
 * type from the types panel is picked up with Space only (Enter adds it where the selection is, as a
 * click does) and its arrow keys walk the tree's drop slots, which the builder keeps: the chip shown
 * while dragging just follows them. dnd-kit's sensor moves by geometry and scrolls the panel the drag
 * starts in (the sticky, scrollable side column) instead of moving when a slot lies below its middle.
 */
import {
  KeyboardCode,
  KeyboardSensor,
  type Activators,
  type DraggableNode,
  type KeyboardSensorOptions,
  type SensorInstance,
  type SensorProps,
} from '@dnd-kit/core';
import type { Coordinates } from '@dnd-kit/utilities';
import type { SlotMove } from './type-drop.ts';

export interface BuilderKeyboardOptions extends KeyboardSensorOptions {
  /**
   * A type drag's arrow key: where the line of the slot it moves to starts (viewport; the dragged
   * chip's inline-start edge goes there), or null when nothing moves.
   */
  onTypeMove?: (move: SlotMove) => Coordinates | null;
}

export const isTypeDrag = (node: Pick<DraggableNode, 'data'>): boolean => node.data.current?.kind === 'type';

const MOVES: Partial<Record<string, SlotMove>> = {
  [KeyboardCode.Up]: 'up',
  [KeyboardCode.Down]: 'down',
  [KeyboardCode.Right]: 'in',
  [KeyboardCode.Left]: 'out',
};

/** Whether a key event's `code` is one of dnd-kit's key codes (a string enum). */
const isKey = (code: string, ...keys: KeyboardCode[]) => (keys as string[]).includes(code);

const MIRRORED: Partial<Record<SlotMove, SlotMove>> = { in: 'out', out: 'in' };

/** Arrow key to slot move; left and right swap in right-to-left, where sections indent to the left. */
function moveOf(code: string): SlotMove | undefined {
  const move = MOVES[code];
  return move && document.documentElement.dir === 'rtl' ? (MIRRORED[move] ?? move) : move;
}

class TypeKeyboardDrag implements SensorInstance {
  autoScrollEnabled = false;
  private reference: Coordinates | null = null;
  private last: Coordinates = { x: 0, y: 0 };

  constructor(private readonly props: SensorProps<BuilderKeyboardOptions>) {
    props.onStart({ x: 0, y: 0 });
    window.addEventListener('resize', this.cancel);
    document.addEventListener('visibilitychange', this.cancel);
    // Later, so the Space that picked the type up does not also drop it.
    setTimeout(() => document.addEventListener('keydown', this.onKeyDown));
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (isKey(event.code, KeyboardCode.Space, KeyboardCode.Enter)) {
      event.preventDefault();
      this.detach();
      this.props.onEnd();
      return;
    }
    // Tab would take the focus away; it cancels rather than adds a question no one placed.
    if (isKey(event.code, KeyboardCode.Esc, KeyboardCode.Tab)) {
      this.cancel(event);
      return;
    }
    const move = moveOf(event.code);
    if (!move) return;
    event.preventDefault();
    const target = this.props.options.onTypeMove?.(move);
    if (!target) return;
    const rect = this.props.context.current.collisionRect;
    this.reference ??= rect ? { x: rect.left, y: rect.top } : { x: 0, y: 0 };
    const width = rect?.width ?? 0;
    const left = document.documentElement.dir === 'rtl' ? target.x - width : target.x;
    let next = { x: left - this.reference.x, y: target.y - (rect?.height ?? 0) / 2 - this.reference.y };
    // dnd-kit reports a move (and its announcement) only when the translation changes; a slot that
    // scrolled into the previous one's place must still be announced.
    if (next.x === this.last.x && next.y === this.last.y) next = { ...next, y: next.y + 1 };
    this.last = next;
    this.props.onMove(next);
  };

  private readonly cancel = (event?: Event) => {
    event?.preventDefault();
    this.detach();
    this.props.onCancel();
  };

  private detach(): void {
    document.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('resize', this.cancel);
    document.removeEventListener('visibilitychange', this.cancel);
  }
}

export class BuilderKeyboardSensor implements SensorInstance {
  static activators: Activators<BuilderKeyboardOptions> = [
    {
      eventName: 'onKeyDown',
      handler: (event: React.KeyboardEvent, options, context) => {
        if (isTypeDrag(context.active) && !isKey(event.nativeEvent.code, KeyboardCode.Space)) return false;
        return KeyboardSensor.activators[0].handler(event, options, context);
      },
    },
  ];

  readonly autoScrollEnabled: boolean;

  constructor(props: SensorProps<BuilderKeyboardOptions>) {
    const sensor = isTypeDrag(props.activeNode) ? new TypeKeyboardDrag(props) : new KeyboardSensor(props);
    this.autoScrollEnabled = sensor.autoScrollEnabled;
  }
}
