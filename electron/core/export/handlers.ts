// Contract handlers for exports: the one writer (writer.ts) into each sink (export-service.ts).
import type { Handlers } from '../rpc/dispatch.ts';
import type { ExportService } from './export-service.ts';

export type ExportMethod = 'export:preview' | 'export:text' | 'export:toFile' | 'export:read' | 'export:cancel';

export function createExportHandlers(service: ExportService): Pick<Handlers, ExportMethod> {
  return {
    'export:preview': ({ source, options }) => service.preview(source, options),
    'export:text': ({ source, options }) => service.text(source, options),
    'export:toFile': ({ exportId, path, source, options }) => service.toFile(exportId, path, source, options),
    'export:read': ({ exportId, source, options }) => service.read(exportId, source, options),
    'export:cancel': ({ exportId }) => service.cancel(exportId),
  };
}
