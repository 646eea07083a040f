// Contract handlers for exports: the live preview and the streamed write to a chosen file.
import type { Handlers } from '../rpc/dispatch.ts';
import type { ExportService } from './export-service.ts';

export function createExportHandlers(service: ExportService): Pick<Handlers, 'export:preview' | 'export:text' | 'export:toFile'> {
  return {
    'export:preview': ({ source, options }) => service.preview(source, options),
    'export:text': ({ source, options }) => service.text(source, options),
    'export:toFile': ({ path, source, options }) => service.toFile(path, source, options),
  };
}
