//! Turn mail on PostgreSQL (the statements are shared with SQLite: `crate::mail`).

use super::PostgresStore;
use crate::mail::{CLAIM, FORGET, MailSettings, SAVE, TURN_OFF};
use crate::{AccountId, StoreError, TableId};

impl PostgresStore {
    pub async fn set_mail_settings(
        &self,
        account: AccountId,
        settings: Option<MailSettings>,
        now: i64,
    ) -> Result<(), StoreError> {
        let query = match settings {
            Some(s) => sqlx::query(SAVE)
                .bind(account.0)
                .bind(s.address)
                .bind(s.lang)
                .bind(s.turn_mail)
                .bind(now),
            None => sqlx::query(FORGET).bind(account.0),
        };
        query.execute(&self.pool).await?;
        Ok(())
    }

    pub async fn claim_turn_mail(
        &self,
        game: TableId,
        account: AccountId,
        version: u64,
        off_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(CLAIM)
            .bind(game.0)
            .bind(account.0)
            .bind(version as i64)
            .bind(off_hash)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn turn_mail_off(&self, off_hash: &str, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(TURN_OFF)
            .bind(now)
            .bind(off_hash)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
