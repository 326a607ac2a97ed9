//! Turn mail on SQLite (the statements are shared with PostgreSQL: `crate::mail`).

use rusqlite::params;

use super::{SqliteStore, run};
use crate::mail::{CLAIM, FORGET, MailSettings, SAVE, TURN_OFF};
use crate::{AccountId, StoreError, TableId};

impl SqliteStore {
    pub async fn set_mail_settings(
        &self,
        account: AccountId,
        settings: Option<MailSettings>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.writer
            .write(move |conn| {
                match settings {
                    Some(s) => run(
                        conn,
                        SAVE,
                        params![account.0, s.address, s.lang, s.turn_mail, now],
                    )?,
                    None => run(conn, FORGET, params![account.0])?,
                };
                Ok(())
            })
            .await
    }

    pub async fn claim_turn_mail(
        &self,
        game: TableId,
        account: AccountId,
        version: u64,
        off_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let off_hash = off_hash.to_string();
        self.writer
            .write(move |conn| {
                let params = params![game.0, account.0, version as i64, off_hash, now];
                Ok(run(conn, CLAIM, params)? == 1)
            })
            .await
    }

    pub async fn turn_mail_off(&self, off_hash: &str, now: i64) -> Result<bool, StoreError> {
        let off_hash = off_hash.to_string();
        self.writer
            .write(move |conn| Ok(run(conn, TURN_OFF, params![now, off_hash])? == 1))
            .await
    }
}
