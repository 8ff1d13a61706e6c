/** Electron's save dialog as the modules that write a chosen file need it (printing, CSV export). */
export interface SaveDialog {
  (options: {
    title: string
    defaultPath: string
    buttonLabel: string
    filters: Array<{ name: string; extensions: string[] }>
  }): Promise<{ canceled: boolean; filePath?: string }>
}
