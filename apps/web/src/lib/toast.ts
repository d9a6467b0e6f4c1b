/** Toast kinds of spec 1 §8; `default` is the neutral (info) kind. */
export type ToastKind = 'error' | 'success' | 'warning' | 'default';

export type ToastSink = (kind: ToastKind, message: string) => void;

let sink: ToastSink = (kind, message) => {
  console.info(`[${kind}] ${message}`);
};

/** The app shell plugs the antd notification API in here once it is mounted. */
export function setToastSink(next: ToastSink): void {
  sink = next;
}

export function showToast(kind: ToastKind, message: string): void {
  sink(kind, message);
}
