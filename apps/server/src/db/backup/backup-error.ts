/** A backup or restore the tool refused or could not do; its message is for the operator as is. */
export class BackupError extends Error {}
