/**
 * The length in seconds of a picked video or recording, read by the browser from the file; null when it
 * cannot tell (a format it does not play, a page policy that forbids reading local media) within 5 s.
 */
export function mediaDuration(file: File, kind: 'video' | 'audio'): Promise<number | null> {
  return new Promise((resolve) => {
    let url: string;
    try {
      url = URL.createObjectURL(file);
    } catch {
      resolve(null);
      return;
    }
    const element = document.createElement(kind);
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds !== null && Number.isFinite(seconds) ? seconds : null);
    };
    const timer = setTimeout(() => done(null), 5000);
    element.preload = 'metadata';
    element.onloadedmetadata = () => done(element.duration);
    element.onerror = () => done(null);
    element.src = url;
  });
}
