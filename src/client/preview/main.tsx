/** The entry of forms:preview's applicant view (scripts/forms-preview/vite-host.ts serves it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import '../styles/page.css';
import '../styles/field.css';
import './preview.css';
import { PreviewApp } from './preview-app';

const pageId = decodeURIComponent(location.pathname.replace(/^\/applicant\//, ''));
const container = document.getElementById('root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <PreviewApp pageId={pageId} />
    </StrictMode>,
  );
