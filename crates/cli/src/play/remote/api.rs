//! The server's HTTP API as the terminal uses it: JSON requests signed in by the session
//! cookie that signing in (or making a guest) sets, and the error body read back whole.

use std::time::Duration;

use serde_json::{Value, json};

/// Why a request did not succeed.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The server answered with an error body (docs/protocol.md, Errors).
    Refused {
        code: String,
        message: String,
        /// The engine's reason for a `bad_notation` or `illegal_move`, as sent.
        refusal: Option<Value>,
    },
    /// No answer: the server cannot be reached, or answered something that is not the API.
    Transport(String),
}

impl Failure {
    pub fn code(&self) -> &str {
        match self {
            Failure::Refused { code, .. } => code,
            Failure::Transport(_) => "",
        }
    }

    /// An error from the body of an HTTP error or a WebSocket `error` frame: `{"code",
    /// "message", "refusal"?}`.
    pub fn from_body(body: &Value) -> Failure {
        let field = |name: &str| {
            body.get(name)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        Failure::Refused {
            code: field("code"),
            message: field("message"),
            refusal: body.get("refusal").cloned(),
        }
    }
}

/// One server, as one signed-in account sees it.
#[derive(Debug, Clone)]
pub struct Api {
    /// `http://host:port`, without a trailing slash.
    pub base: String,
    http: reqwest::Client,
    /// `NAME=SECRET`, as the server set it, sent back with every request and handshake.
    pub cookie: Option<String>,
}

impl Api {
    pub fn new(base: &str) -> Result<Api, String> {
        let base = base.trim().trim_end_matches('/').to_string();
        if !base.starts_with("http://") && !base.starts_with("https://") {
            return Err(format!(
                "{base}: the server's address starts with http:// or https://"
            ));
        }
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Api {
            base,
            http,
            cookie: None,
        })
    }

    /// The WebSocket address of a game, `since` a version when resuming.
    pub fn ws_url(&self, game: &str, since: Option<u64>) -> String {
        let base = match self.base.strip_prefix("https://") {
            Some(rest) => format!("wss://{rest}"),
            None => format!("ws://{}", self.base.trim_start_matches("http://")),
        };
        match since {
            Some(version) => format!("{base}/api/games/{game}/ws?since={version}"),
            None => format!("{base}/api/games/{game}/ws"),
        }
    }

    pub async fn get(&self, path: &str) -> Result<Value, Failure> {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Result<Value, Failure> {
        let request = self.http.post(format!("{}{path}", self.base)).json(&body);
        self.send(request).await
    }

    pub async fn delete(&mut self, path: &str) -> Result<Value, Failure> {
        self.send(self.http.delete(format!("{}{path}", self.base)))
            .await
    }

    /// Signs in with a name and password, or makes a guest (`password` `None`).
    pub async fn sign_in(&mut self, name: &str, password: Option<&str>) -> Result<Value, Failure> {
        match password {
            Some(password) => {
                let body = json!({"name": name, "password": password});
                self.session("/api/signin", body).await
            }
            None => self.session("/api/guest", json!({"name": name})).await,
        }
    }

    /// Makes a guest whose name the server numbers (`pattern` holds `{number}`).
    pub async fn guest_numbered(&mut self, pattern: &str) -> Result<Value, Failure> {
        self.session("/api/guest", json!({"name_pattern": pattern}))
            .await
    }

    /// A request that answers with a session cookie and the account.
    async fn session(&mut self, path: &str, body: Value) -> Result<Value, Failure> {
        let request = self.http.post(format!("{}{path}", self.base)).json(&body);
        let response = request
            .send()
            .await
            .map_err(|e| Failure::Transport(e.to_string()))?;
        // The cookie's first pair (`agora_session=…` or `__Host-agora_session=…`) is all a
        // client sends back.
        self.cookie = response
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .filter_map(|value| value.split(';').next())
            .find(|pair| pair.contains("agora_session=") && !pair.ends_with('='))
            .map(str::to_string);
        let body = read(response).await?;
        Ok(body["account"].clone())
    }

    async fn send(&self, mut request: reqwest::RequestBuilder) -> Result<Value, Failure> {
        if let Some(cookie) = &self.cookie {
            request = request.header(reqwest::header::COOKIE, cookie);
        }
        let response = request
            .send()
            .await
            .map_err(|e| Failure::Transport(e.to_string()))?;
        read(response).await
    }
}

async fn read(response: reqwest::Response) -> Result<Value, Failure> {
    let status = response.status();
    let body: Value = response
        .json()
        .await
        .map_err(|e| Failure::Transport(format!("{status}: {e}")))?;
    if status.is_success() {
        Ok(body)
    } else {
        Err(Failure::from_body(&body["error"]))
    }
}
