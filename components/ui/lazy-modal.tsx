'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import type { ModalProps } from './modal';

const loadModal = () => import('./modal');
const Modal = lazy(() => loadModal().then((module) => ({ default: module.Modal })));

/**
 * A Modal for a dialog that opens on a click, without its code in the page's first load: the code is
 * fetched once the window has loaded (so it is there by the time the member clicks, and a click before
 * then waits for it), and the dialog is mounted when first opened. It stays mounted after, so closing it
 * hands focus back the way the dialog element does.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    const preload = () => void loadModal();
    if (document.readyState === 'complete') preload();
    else window.addEventListener('load', preload, { once: true });
    return () => window.removeEventListener('load', preload);
  }, []);
  return opened ? (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  ) : null;
}
