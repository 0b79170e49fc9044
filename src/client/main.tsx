import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { installChunkReload } from './lib/chunk-reload';
import { initialLanguage } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import './styles.css';

// before the first render, so the page never flashes the wrong theme (the server's inline script
// already did this for prerendered pages; the Vite dev server has no such script)
applyTheme(initialTheme(), false);
installChunkReload();

const container = document.getElementById('root')!;
const app = <App Router={BrowserRouter} />;
// a page the server prerendered in this language is taken over in place; any other is rendered here
if (container.dataset.prerendered === initialLanguage) hydrateRoot(container, app);
else createRoot(container).render(app);
