/** The entry of forms:preview's applicant view (scripts/forms-preview/vite-host.ts serves it). */
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import '../styles/page.css';
import '../styles/field.css';
import './preview.css';
import { PreviewApp } from './preview-app';

const pageId = decodeURIComponent(location.pathname.replace(/^\/applicant\//, ''));
const container = document.getElementById('root');
if (container)
  // No StrictMode: its second render of every component would double each reload's cost.
  createRoot(container).render(<PreviewApp pageId={pageId} />);
