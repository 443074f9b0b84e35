import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createApp } from './create-app';
import './styles/global.css';
import { BadConfigurationError } from './api/errors';

const container = document.getElementById('root');
if (!container) throw new BadConfigurationError('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App app={createApp()} />
  </StrictMode>,
);
