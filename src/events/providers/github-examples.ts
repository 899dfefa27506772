/** Example payloads of GitHub's webhook events (trimmed from GitHub's documentation: the fields most receivers read). */
const repository = { id: 1296269, name: "hello-world", full_name: "octocat/hello-world", private: false, html_url: "https://github.com/octocat/hello-world", default_branch: "main", owner: { login: "octocat", id: 1 } };
const sender = { login: "octocat", id: 1, type: "User" };
const issue = {
  id: 1, number: 1347, title: "Found a bug", body: "I'm having a problem with this.", state: "open", html_url: "https://github.com/octocat/hello-world/issues/1347",
  user: sender, labels: [{ name: "bug" }], created_at: "2026-04-14T16:00:49Z",
};

export const githubExamples: Record<string, unknown> = {
  push: {
    ref: "refs/heads/main",
    before: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
    after: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c",
    repository,
    pusher: { name: "octocat", email: "octocat@github.com" },
    sender,
    commits: [{ id: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c", message: "Fix the README", timestamp: "2026-04-14T16:05:10Z", author: { name: "Monalisa Octocat", email: "mona@github.com", username: "octocat" }, added: [], removed: [], modified: ["README.md"] }],
    head_commit: { id: "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c", message: "Fix the README" },
  },
  "issues.opened": { action: "opened", issue, repository, sender },
  "pull_request.opened": {
    action: "opened",
    number: 2,
    pull_request: {
      id: 279147437, number: 2, title: "Update the README", body: "This is a pretty simple change.", state: "open", draft: false, html_url: "https://github.com/octocat/hello-world/pull/2",
      user: sender, head: { ref: "changes", sha: "34c5c7793cb3b279e22454cb6750c80560547b3a" }, base: { ref: "main", sha: "a10867b14bb761a232cd80139fbd4c0d33264240" }, created_at: "2026-04-14T16:10:00Z",
    },
    repository,
    sender,
  },
  "issue_comment.created": { action: "created", issue, comment: { id: 1, body: "Me too.", user: sender, created_at: "2026-04-14T16:20:00Z", html_url: "https://github.com/octocat/hello-world/issues/1347#issuecomment-1" }, repository, sender },
};
