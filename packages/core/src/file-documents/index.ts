/** Documents (files) the company keeps next to its records. Other features import from here, not from the files inside. */
export * from './file-document'
