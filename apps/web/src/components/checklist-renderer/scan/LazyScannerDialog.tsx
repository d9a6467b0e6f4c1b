import { lazy, Suspense, type ComponentProps } from 'react';

const ScannerDialog = lazy(() => import('./ScannerDialog.tsx').then((module) => ({ default: module.ScannerDialog })));

/** The scanner dialog, its code and the barcode reader loaded the first time it opens. */
export function LazyScannerDialog(props: ComponentProps<typeof ScannerDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ScannerDialog {...props} />
    </Suspense>
  );
}
