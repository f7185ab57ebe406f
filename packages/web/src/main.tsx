import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n';
import { installErrorCapture } from './shell/error-log/capture';
import './styles/global.css';

installErrorCapture();

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The first language's strings load in parallel with the rest of the page; render once they are in, so the
// console never shows a raw key or flips from English. If they cannot load, render anyway: keys beat a blank page.
void i18nReady.then(render, render);
