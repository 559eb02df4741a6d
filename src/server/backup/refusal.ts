/**
 * Why a backup, restore or move will not go ahead, in words for the person running it: the
 * commands print the message alone, and nothing has been changed.
 */
export class BackupRefusal extends Error {}
