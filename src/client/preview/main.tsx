/** The entry of forms:preview's applicant view (scripts/forms-preview/vite-host.ts serves it). */
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import '../styles/page.css';
import '../styles/field.css';
import './preview.css';
import { activateLocale } from '../i18n/i18n';
import { chosenLanguage, PreviewApp } from './preview-app';

const pageId = decodeURIComponent(location.pathname.replace(/^\/applicant\//, ''));
const container = document.getElementById('root');
// The application's own texts (the step, the required note, the questions' words) in the
// language previewed, as the application loads them before its first render.
if (container)
  void activateLocale(chosenLanguage()).then(() =>
    // No StrictMode: its second render of every component would double each reload's cost.
    createRoot(container).render(<PreviewApp pageId={pageId} />),
  );
